import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiErrorBody } from '@common/api-error';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/** The session cookie, with or without the __Secure- prefix it gets over https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?ballast\.session_token=/;

/**
 * A request without a session cookie is certainly signed out: we say so in the page, and the client
 * starts in the signed-out state instead of showing a spinner while it asks.
 */
export const SIGNED_OUT_MARKER = '<meta name="ballast-session" content="none" />';

export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, and every other
 * non-API GET answered with the app shell so the client router can take it.
 */
export async function registerClientApp(app: FastifyInstance, clientDist = CLIENT_DIST) {
  const indexFile = path.join(clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      index: false,
      preCompressed: true,
      cacheControl: false,
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
  const shell = hasClient ? readFileSync(indexFile, 'utf8') : '';
  const signedOutShell = shell.replace('</head>', `  ${SIGNED_OUT_MARKER}\n  </head>`);

  const sendShell = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(hasSessionCookie(request.headers.cookie) ? shell : signedOutShell);

  app.get('/', { schema: { hide: true } }, (request, reply) => sendShell(request, reply));

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      hasClient &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return sendShell(request, reply);
    const body: ApiErrorBody = {
      error: 'NOT_FOUND',
      message: `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
}
