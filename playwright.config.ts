import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/**
 * End-to-end tests in Debian's Chromium against the built app, started by tests/e2e/global-setup.ts on
 * a free port with a DATA_DIR (and embedded database) of its own.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // The run is bound by the two cores (Chromium, the server and the test code), not by waiting: four
  // workers took longer than two and 20 of 129 tests ran out of time.
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // A limit that stops a hung test, not a speed check: the longest flows (sign-up to a finished
  // blueprint, every phone width) load several on-demand chunks and run axe on each screen, and two
  // workers share two cores with the server and Chromium.
  timeout: 120_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (DOM snapshots, network, console) for debugging; without the
    // screencast frames, whose capture cost every test time on two shared cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  // The waitlist's totals are shared by every test: its spec seeds and signs up in order, alone, before
  // the specs that read the counters run (in parallel with each other).
  projects: [
    { name: 'waitlist', testMatch: 'waitlist.spec.ts' },
    { name: 'chromium', testIgnore: 'waitlist.spec.ts', dependencies: ['waitlist'] },
  ],
});
