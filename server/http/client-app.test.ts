import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { waitUntil } from '../../tests/support/wait';

let t: TestApp;

const page = (body: string) =>
  `<!doctype html><html><head><title>${body}</title><link rel="canonical" href="__BALLAST_PUBLIC_URL__/" /></head><body><div id="root"><p>${body} __BALLAST_SUPPORT_EMAIL__</p><p>__BALLAST_COMPANY_NAME__ (__BALLAST_COMPANY_ADDRESS__)</p></div></body></html>`;

beforeAll(async () => {
  // A built client as scripts/build.mjs leaves it: the shell, assets and the prerendered pages.
  const client = await mkdtemp(path.join(tmpdir(), 'ballast-client-'));
  await mkdir(path.join(client, 'prerendered'));
  await mkdir(path.join(client, '.vite'));
  await writeFile(
    path.join(client, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(client, '.vite', 'manifest.json'), '{}');
  await writeFile(path.join(client, 'prerendered', 'index.html'), page('Home'));
  await writeFile(path.join(client, 'prerendered', 'features.html'), page('Features'));
  await writeFile(path.join(client, 'prerendered', '404.html'), page('Not found'));
  await writeFile(
    path.join(client, 'prerendered', 'pages.json'),
    JSON.stringify({
      pages: { '/': 'index.html', '/features': 'features.html' },
      shellOnly: ['/sign-in'],
      notFound: '404.html',
    }),
  );
  t = await startTestApp({
    deps: { clientDist: client },
    env: {
      SUPPORT_EMAIL: 'help@ballast.test',
      COMPANY_NAME: 'Ballast & Co Ltd',
      COMPANY_ADDRESS: '1 High St',
    },
  });
});

afterAll(async () => {
  await t?.close();
});

const html = { accept: 'text/html', 'accept-encoding': 'identity' };

describe('prerendered public pages', () => {
  it('sends a signed-out visitor the page for the path, marked signed out, with this server’s values', async () => {
    const response = await t.request('/features', { headers: html });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const text = await response.text();
    expect(text).toContain('<p>Features help@ballast.test</p>');
    expect(text).toContain(`<link rel="canonical" href="${t.baseUrl}/" />`);
    expect(text).toContain('<meta name="ballast-session" content="none" />');
    expect(text).toContain('<meta name="ballast-support-email" content="help@ballast.test" />');
    // The data controller (privacy page), escaped as HTML, in the text and for the client to read.
    expect(text).toContain('<p>Ballast &amp; Co Ltd (1 High St)</p>');
    expect(text).toContain('<meta name="ballast-company-name" content="Ballast &amp; Co Ltd" />');
    expect(text).toContain('<meta name="ballast-company-address" content="1 High St" />');
  });

  it('sends the signed-out shell for a public page rendered in the browser', async () => {
    const response = await t.request('/sign-in', { headers: html });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('<div id="root"></div>');
    expect(text).toContain('<meta name="ballast-session" content="none" />');
  });

  it('answers an unknown path with the not-found page and a 404', async () => {
    const response = await t.request('/no/such/page?x=1', { headers: html });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<p>Not found');
  });

  it('sends the app shell instead when the request has a session cookie', async () => {
    for (const pathname of ['/', '/dashboard']) {
      const response = await t.request(pathname, {
        headers: { ...html, cookie: 'ballast.session_token=abc.def' },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain('<div id="root"></div>');
      expect(text).not.toContain('ballast-session');
      expect(text).toContain('<meta name="ballast-support-email" content="help@ballast.test" />');
    }
  });

  it('compresses with brotli or gzip, as the browser accepts', async () => {
    const encodingFor = async (accept: string) =>
      (
        await fetch(`${t.baseUrl}/`, { headers: { accept: 'text/html', 'accept-encoding': accept } })
      ).headers.get('content-encoding');
    // Brotli is made off the main thread after start-up; a browser that takes only br gets plain HTML
    // until then, never an encoding it did not ask for.
    expect([null, 'br']).toContain(await encodingFor('br'));
    await waitUntil(async () => (await encodingFor('br')) === 'br', 5_000, 'the brotli page');
    expect(await encodingFor('gzip, br;q=0')).toBe('gzip');
    // fetch decodes by itself; the raw bytes are checked through node:zlib to be sure of the format.
    const raw = async (encoding: string) => {
      const { request } = await import('node:http');
      return new Promise<Buffer>((resolve, reject) => {
        request(
          `${t.baseUrl}/`,
          { headers: { accept: 'text/html', 'accept-encoding': encoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk) => chunks.push(chunk));
            response.on('end', () => resolve(Buffer.concat(chunks)));
          },
        )
          .on('error', reject)
          .end();
      });
    };
    expect(brotliDecompressSync(await raw('br')).toString()).toContain('<p>Home');
    expect(gunzipSync(await raw('gzip')).toString()).toContain('<p>Home');
  });

  it('never serves the build’s own files: prerendered sources and the manifest', async () => {
    for (const pathname of ['/prerendered/index.html', '/prerendered/pages.json', '/.vite/manifest.json']) {
      const response = await t.request(pathname);
      expect(response.status, pathname).toBe(404);
      expect(await response.text()).not.toContain('<p>');
    }
  });
});
