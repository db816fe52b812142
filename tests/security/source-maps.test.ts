import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';

/**
 * Production serves no source maps: they hand anyone the client's source, comments and all. The build
 * writes none (a real build of the client, about 10 s), and a map left in a build folder (an older
 * build, a changed setting) is not served.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = '/assets/index-AbCd1234.js';

let clientDist: string;
let t: TestApp;

beforeAll(async () => {
  clientDist = await mkdtemp(path.join(tmpdir(), 'ballast-source-maps-'));
  await mkdir(path.join(clientDist, 'assets'));
  await writeFile(
    path.join(clientDist, 'index.html'),
    `<!doctype html><html><head><title>Ballast</title><script type="module" src="${SCRIPT}"></script></head><body></body></html>`,
  );
  // The not-found page, as the build prerenders it: a browser asking for HTML gets it with its 404.
  await mkdir(path.join(clientDist, 'prerendered'));
  await writeFile(
    path.join(clientDist, 'prerendered/pages.json'),
    JSON.stringify({ pages: {}, shellOnly: [], notFound: '404.html' }),
  );
  await writeFile(path.join(clientDist, 'prerendered/404.html'), '<!doctype html><title>Not found</title>');
  await writeFile(
    path.join(clientDist, SCRIPT),
    'console.log("ballast");\n//# sourceMappingURL=index-AbCd1234.js.map\n',
  );
  await writeFile(
    path.join(clientDist, `${SCRIPT}.map`),
    JSON.stringify({
      version: 3,
      sources: ['../src/main.tsx'],
      sourcesContent: ['// the source'],
      mappings: '',
    }),
  );
  t = await startTestApp({ deps: { clientDist } });
});

afterAll(async () => {
  await t?.close();
  await rm(clientDist, { recursive: true, force: true });
});

describe('source maps in production', () => {
  it('are not written by the production build of the client, nor served beside its scripts', async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'ballast-source-maps-build-'));
    // Vitest runs with NODE_ENV=test, which would build React's development bundles.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      // As `npm run build` builds the client: scripts/build.mjs adds nothing to this configuration.
      await build({
        configFile: path.join(ROOT, 'vite.config.ts'),
        mode: 'production',
        logLevel: 'error',
        build: { outDir },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    const built = await startTestApp({ deps: { clientDist: outDir } });
    try {
      const files = (await readdir(outDir, { recursive: true })).map(
        (file) => `/${file.replaceAll(path.sep, '/')}`,
      );
      expect(files.filter((file) => /\.map$/i.test(file))).toEqual([]);
      const scripts = files.filter((file) => file.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(10);
      for (const script of scripts.slice(0, 10)) {
        expect((await built.request(script)).status, script).toBe(200);
        expect((await built.request(`${script}.map`)).status, `${script}.map`).toBe(404);
      }
    } finally {
      await built.close();
      await rm(outDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('are not served, however the path is written, though the script beside them is', async () => {
    expect((await t.request(SCRIPT)).status).toBe(200);
    for (const target of [`${SCRIPT}.map`, `${SCRIPT}.map?v=1`, `${SCRIPT}.%6Dap`]) {
      for (const accept of ['*/*', 'text/html']) {
        const response = await t.request(target, { headers: { accept, 'accept-encoding': 'br, gzip' } });
        const body = await response.text();
        expect(response.status, `${target} (${accept})`).toBe(404);
        expect(body).not.toContain('the source');
      }
    }
  });
});
