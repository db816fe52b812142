import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompress, constants, gzipSync } from 'node:zlib';
import type { ApiErrorBody } from '@common/api-error';
import {
  COMPANY_ADDRESS_META,
  COMPANY_ADDRESS_PLACEHOLDER,
  COMPANY_ADDRESS_UNSET,
  COMPANY_NAME_META,
  COMPANY_NAME_PLACEHOLDER,
  type Company,
} from '@common/company';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../escape-html';
import { hasSessionCookie } from '../features/auth/public';
import { PROJECT_ROOT } from '../paths';

export const CLIENT_DIST = path.join(PROJECT_ROOT, 'dist/client');

const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/**
 * A request without a session cookie is certainly signed out: we say so in the page, and the client
 * starts in the signed-out state instead of showing a spinner while it asks.
 */
export const SIGNED_OUT_MARKER = '<meta name="ballast-session" content="none" />';

/** Placeholders that scripts/build.mjs leaves in prerendered pages, for values known only at start-up. */
const PUBLIC_URL_PLACEHOLDER = '__BALLAST_PUBLIC_URL__';
const SUPPORT_EMAIL_PLACEHOLDER = '__BALLAST_SUPPORT_EMAIL__';

/** Folders of the build that are read here, never served as files. */
const NOT_SERVED = ['/prerendered/', '/.vite/'];

/**
 * Source maps, should a build hold any: the production build writes none (vite.config.ts), and one left
 * in `dist/client` would hand anyone the client's source, comments included (decision 041).
 */
const SOURCE_MAP = /\.map$/i;

const isServed = (pathName: string) =>
  !NOT_SERVED.some((prefix) => pathName.startsWith(prefix)) && !SOURCE_MAP.test(pathName);

export type ClientAppOptions = {
  clientDist?: string;
  publicUrl: string;
  supportEmail: string;
  company: Company;
};

/** `brotli` arrives shortly after start-up (see compressed()); until then gzip serves. */
type Page = { html: string; gzip: Buffer; brotli?: Buffer };

/**
 * Brotli at its best quality takes about 60 ms a page, too long to hold start-up for: it runs on
 * libuv's thread pool and replaces gzip (a few ms, done at once) when it is ready.
 */
function compressed(html: string): Page {
  const page: Page = { html, gzip: gzipSync(html, { level: 9 }) };
  brotliCompress(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }, (error, result) => {
    if (!error) page.brotli = result;
  });
  return page;
}

function acceptsEncoding(header: string, name: string): boolean {
  return header.split(',').some((part) => {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (token.toLowerCase() !== name) return false;
    const quality = params.find((param) => param.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** br when the browser takes it (and it is ready), else gzip, else plain: pages are compressed once. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status: number) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding =
    page.brotli && acceptsEncoding(accepted, 'br')
      ? 'br'
      : acceptsEncoding(accepted, 'gzip')
        ? 'gzip'
        : undefined;
  reply
    .status(status)
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Encoding')
    .type('text/html; charset=utf-8');
  if (!encoding) return reply.send(page.html);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.brotli : page.gzip);
}

/**
 * The public pages scripts/build.mjs prerendered (dist/client/prerendered), with this server's
 * origin and support address filled in. None when the client was built without them.
 */
function loadPrerenderedPages(clientDist: string, fill: (html: string) => string) {
  const dir = path.join(clientDist, 'prerendered');
  const manifestFile = path.join(dir, 'pages.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    pages: Record<string, string>;
    /** Public paths rendered in the browser from the shell (not prerendered), yet not "not found". */
    shellOnly?: string[];
    notFound: string;
  };
  const read = (file: string) => compressed(fill(readFileSync(path.join(dir, file), 'utf8')));
  return {
    pages: new Map(Object.entries(manifest.pages).map(([route, file]) => [route, read(file)])),
    shellOnly: manifest.shellOnly ?? [],
    notFound: read(manifest.notFound),
  };
}

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached. A signed-out visitor
 * (no session cookie) gets the page prerendered for the path, or the not-found page with a 404; a
 * visitor with a session gets the app shell, which asks who they are and routes from there.
 */
export async function registerClientApp(app: FastifyInstance, options: ClientAppOptions) {
  const clientDist = options.clientDist ?? CLIENT_DIST;
  const indexFile = path.join(clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: isServed,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(
      `The client is not built (${indexFile} is missing): run "npm run build". The API still works.`,
    );
  }

  const supportEmail = escapeHtml(options.supportEmail);
  const companyName = escapeHtml(options.company.name);
  const companyAddress = escapeHtml(options.company.address ?? COMPANY_ADDRESS_UNSET);
  const siteMeta = [
    `<meta name="ballast-support-email" content="${supportEmail}" />`,
    `<meta name="${COMPANY_NAME_META}" content="${companyName}" />`,
    `<meta name="${COMPANY_ADDRESS_META}" content="${escapeHtml(options.company.address ?? '')}" />`,
  ];
  const withMeta = (html: string, tags: string[]) =>
    html.replace('</head>', `${tags.map((tag) => `  ${tag}\n`).join('')}  </head>`);
  const shellSource = hasClient ? readFileSync(indexFile, 'utf8') : '';
  const shell = withMeta(shellSource, siteMeta);
  const signedOutShell = withMeta(shellSource, [SIGNED_OUT_MARKER, ...siteMeta]);
  const prerendered = hasClient
    ? loadPrerenderedPages(clientDist, (html) =>
        withMeta(html, [SIGNED_OUT_MARKER, ...siteMeta])
          .replaceAll(PUBLIC_URL_PLACEHOLDER, escapeHtml(options.publicUrl))
          .replaceAll(SUPPORT_EMAIL_PLACEHOLDER, supportEmail)
          .replaceAll(COMPANY_NAME_PLACEHOLDER, companyName)
          .replaceAll(COMPANY_ADDRESS_PLACEHOLDER, companyAddress),
      )
    : undefined;

  const sendShell = (reply: FastifyReply, html: string) =>
    reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);

  type PublicPath = Page | 'shell' | undefined;
  const sendPublicPage = (request: FastifyRequest, reply: FastifyReply, page: PublicPath) => {
    if (hasSessionCookie(request.headers.cookie)) return sendShell(reply, shell);
    if (page === 'shell') return sendShell(reply, signedOutShell);
    if (page) return sendPage(request, reply, page, 200);
    if (prerendered) return sendPage(request, reply, prerendered.notFound, 404);
    return sendShell(reply, signedOutShell);
  };

  const publicPaths = new Map<string, PublicPath>(prerendered ? prerendered.pages : [['/', 'shell']]);
  for (const route of prerendered?.shellOnly ?? []) publicPaths.set(route, 'shell');
  for (const [route, page] of publicPaths) {
    app.get(route, { schema: { hide: true } }, (request, reply) => sendPublicPage(request, reply, page));
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      hasClient &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return sendPublicPage(request, reply, undefined);
    const body: ApiErrorBody = {
      error: 'NOT_FOUND',
      message: `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
}
