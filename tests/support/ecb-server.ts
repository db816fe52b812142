import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeEcbRates } from '../../server/features/fx-rates/ecb-xml';
import { refreshRates } from '../../server/features/fx-rates/public';
import type { TestApp } from './app';
import { type StubServer, startStubServer } from './http-stub';

/** The ECB's daily file as published (all 30 currencies), for 5 October 2026. */
export const ECB_DAILY_FILE = readFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'ecb', 'eurofxref-daily.xml'),
  'utf8',
);

export type EcbDay = { day: string; rates: Record<string, string> };

/** A history file (eurofxref-hist-90d.xml's shape): the days newest first, as the ECB lists them. */
export const ecbHistoryFile = (days: EcbDay[]) =>
  writeEcbRates([...days].sort((a, b) => (a.day < b.day ? 1 : -1)));

export type EcbServer = StubServer & {
  /** What the server answers at a path, e.g. /stats/eurofxref/eurofxref-daily.xml. */
  serve(file: string, answer: { status?: number; body: string }): void;
  urlOf(file: string): string;
};

/** A stand-in for the ECB's site: each path answers the file set for it, or 404. */
export async function startEcbServer(): Promise<EcbServer> {
  const files = new Map<string, { status: number; body: string }>();
  const server = await startStubServer((request) => {
    const file = files.get(request.url);
    if (!file) return { status: 404, body: '<html><body>Not found</body></html>' };
    return { status: file.status, body: file.body, headers: { 'content-type': 'text/xml' } };
  });
  return {
    ...server,
    serve: (file, answer) => files.set(file, { status: answer.status ?? 200, body: answer.body }),
    urlOf: (file) => `${server.url}${file}`,
  };
}

/**
 * The rates of these days stored in the app's database the way the app stores them: read by the daily
 * refresh from the ECB's history file, served for the occasion by a stand-in that then closes.
 */
export async function storeRatesFromEcb(app: Pick<TestApp, 'database'>, days: EcbDay[]): Promise<void> {
  const ecb = await startEcbServer();
  try {
    ecb.serve('/eurofxref-hist.xml', { body: ecbHistoryFile(days) });
    await refreshRates({
      db: app.database.db,
      url: ecb.urlOf('/eurofxref-hist.xml'),
      log: { info() {}, warn() {} },
    });
  } finally {
    await ecb.close();
  }
}
