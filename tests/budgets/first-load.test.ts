import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANDING_BUDGET_KB,
  measureFirstLoads,
  SIGNED_IN_PAGE_BUDGET_KB,
  SIGNED_IN_PAGES,
} from '../../bench/first-load';

const ROOT = path.resolve(import.meta.dirname, '../..');
let outDir = '';
let loads: Awaited<ReturnType<typeof measureFirstLoads>>;

/**
 * Sizes come from a build of the client and its manifest: the same sources give the same bytes, so
 * this is no timed test. `npm run bench` reports the same figures and what Chromium downloads.
 */
beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'ballast-first-load-'));
  // Vitest runs with NODE_ENV=test, which would build React's development bundles.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, sourcemap: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  loads = await measureFirstLoads(outDir);
}, 300_000);

afterAll(async () => {
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

describe('first-load JavaScript (gzip)', () => {
  it(`keeps the landing page's within ${LANDING_BUDGET_KB} kB`, () => {
    expect(loads.landing.gzipBytes).toBeLessThanOrEqual(LANDING_BUDGET_KB * 1000);
  });

  it.each(Object.keys(SIGNED_IN_PAGES))(
    `keeps signed-in %s within ${SIGNED_IN_PAGE_BUDGET_KB} kB`,
    (page) => {
      expect(loads.pages[page]!.gzipBytes).toBeLessThanOrEqual(SIGNED_IN_PAGE_BUDGET_KB * 1000);
    },
  );

  it("keeps Recharts out of every page's first load", () => {
    const charts = loads.later['/dashboard']!.files;
    expect(charts.length).toBeGreaterThan(0);
    for (const [page, load] of Object.entries(loads.pages)) {
      expect(
        load.files.filter((file) => charts.includes(file)),
        page,
      ).toEqual([]);
    }
  });

  it("gives each signed-in page a chunk of its own, apart from the signed-in app's", () => {
    for (const [page, load] of Object.entries(loads.pages)) {
      expect(load.ownChunkGzipBytes, page).toBeGreaterThan(0);
    }
  });
});
