// What the export-import test files share: the app on 1 December 2026, with one dollar rate for the whole
// span of the reviewer's files (0.8650 / 1.1650 = 0.742489 £ per $), read from the ECB stand-in.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';

// Assigned before the file's tests run; importers read it as a live binding.
export let t: TestApp;

/** Starts the app with those rates before the calling file's tests, and stops it after. */
export function setUpReviewerApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ deps: { now: () => new Date('2026-12-01T12:00:00Z') } });
    const rates = { USD: '1.1650', GBP: '0.8650' };
    await storeRatesFromEcb(t, [
      { day: '2025-08-29', rates },
      { day: '2026-11-30', rates },
    ]);
  });

  afterAll(async () => {
    await t?.close();
  });
}
