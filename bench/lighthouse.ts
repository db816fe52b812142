import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { round, startServer } from './support';

const RUNS = 3;

/**
 * Lighthouse on `/` with its default (mobile) settings, against the built app started as `npm start`
 * would, in Debian's Chromium. Median of three runs (performance varies run to run).
 */
export async function benchLighthouse() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-lighthouse-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${server.baseUrl}/`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      const metric = (id: string) => round(lhr.audits[id]?.numericValue ?? Number.NaN, 0);
      runs.push({
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
        cumulativeLayoutShift: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
        speedIndexMs: metric('speed-index'),
      });
    }
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(RUNS / 2)]!;
    return { formFactor: 'mobile', median, runs };
  } finally {
    chrome.kill();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
