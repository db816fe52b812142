// What the export-import test files share: the app on 1 December 2026, with one dollar rate for the whole
// span of the reviewer's files (0.8650 / 1.1650 = 0.742489 £ per $), read from the ECB stand-in.
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type EcbServer, ecbHistoryFile, startEcbServer } from '../../../tests/support/ecb-server';
import { refreshRates } from '../fx-rates/public';

// Assigned before the file's tests run; importers read it as a live binding.
export let t: TestApp;
let ecb: EcbServer;

/** Starts the app and the ECB stand-in before the calling file's tests, and stops them after. */
export function setUpReviewerApp(): void {
  beforeAll(async () => {
    [t, ecb] = await Promise.all([
      startTestApp({ deps: { now: () => new Date('2026-12-01T12:00:00Z') } }),
      startEcbServer(),
    ]);
    const rates = { USD: '1.1650', GBP: '0.8650' };
    ecb.serve('/eurofxref-hist.xml', {
      body: ecbHistoryFile([
        { day: '2025-08-29', rates },
        { day: '2026-11-30', rates },
      ]),
    });
    await refreshRates({
      db: t.database.db,
      url: ecb.urlOf('/eurofxref-hist.xml'),
      log: { info() {}, warn() {} },
    });
  });

  afterAll(async () => {
    await t?.close();
    await ecb?.close();
  });
}
