import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { round, signUpBenchCreator, startServer } from './support';

const PAGES = ['/', '/dashboard', '/health-check', '/blueprint', '/subscribe', '/settings'];
/** Opened by a creator who has not finished onboarding (every other path leads there for them). */
const BEFORE_ONBOARDING = ['/onboarding'];
const RUNS = 3;

/**
 * Each signed-in page's first load right after sign-in, in Chromium with an empty cache: the JavaScript
 * it downloads by the time its heading shows (compressed, as sent: brotli), how many scripts, and how
 * long until the heading shows, on the loopback network. `landingJs` gives the same from the manifest.
 */
export async function benchSignedInPages() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-pages-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const origin = server.baseUrl;
    const { cookie } = await signUpBenchCreator(origin, 'pages@ballast.test');
    const newcomer = await signUpBenchCreator(origin, 'newcomer@ballast.test');
    await fetch(`${origin}/api/user/onboarding`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ platforms: ['youtube'] }),
    });
    const pages: Record<string, { javascriptKB: number; scripts: number; headingShownMs: number }> = {};
    const visits = [
      ...PAGES.map((pathname) => ({ pathname, session: cookie })),
      ...BEFORE_ONBOARDING.map((pathname) => ({ pathname, session: newcomer.cookie })),
    ];
    for (const { pathname, session } of visits) {
      const [cookieName, cookieValue] = session.split(/=(.*)/s) as [string, string];
      const samples = [];
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext();
        await context.addCookies([{ name: cookieName, value: cookieValue, url: origin }]);
        const page = await context.newPage();
        await page.goto(`${origin}${pathname}`);
        await page.locator('main h1').first().waitFor();
        samples.push(
          await page.evaluate(() => {
            const shown = performance.now();
            const scripts = performance
              .getEntriesByType('resource')
              .filter(
                (entry) =>
                  (entry as PerformanceResourceTiming).initiatorType === 'script' ||
                  entry.name.endsWith('.js'),
              );
            const bytes = scripts.reduce(
              (sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize,
              0,
            );
            return { bytes, scripts: scripts.length, shown };
          }),
        );
        await context.close();
      }
      samples.sort((a, b) => a.shown - b.shown);
      const median = samples[Math.floor(RUNS / 2)]!;
      pages[pathname] = {
        javascriptKB: round(median.bytes / 1000, 1),
        scripts: median.scripts,
        headingShownMs: round(median.shown, 0),
      };
    }
    return { runs: RUNS, pages };
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
