import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type Jobs, QUEUES, work } from '../../jobs/boss';
import type { Metrics } from '../../metrics/metrics';
import { parseEcbRates } from './ecb-xml';
import { latestRateDay, storeRateDays } from './rates-store';
import { loadRatesSnapshot } from './snapshot';

/**
 * Twice a day in UTC: the ECB publishes around 16:00 CET (14:00 or 15:00 UTC) on TARGET working days;
 * the second read catches a late publication.
 */
export const FX_RATES_CRON = '0 16,22 * * *';
const FETCH_TIMEOUT_MS = 30_000;

export type FxRatesDeps = {
  db: Db;
  /** FX_RATES_URL: the daily file, or the 90-day or full-history file for a backfill. */
  url: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  metrics?: Pick<Metrics, 'countRateFetch'> | undefined;
  /** Run after new days are stored: the revenue feature re-values its provisional entries. */
  afterNewDays?: (() => Promise<unknown>) | undefined;
};

export type RefreshOutcome = { stored: string[] } | { problem: string };

async function download(url: string): Promise<{ body: string } | { problem: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    const body = await response.text();
    if (!response.ok) return { problem: `the rate source answered ${response.status}` };
    return { body };
  } catch (error) {
    return { problem: `the rate source could not be read (${(error as Error).message})` };
  }
}

/** The ECB's three files share a folder: the daily one, the last 90 days and the whole history. */
const DAILY_FILE = 'eurofxref-daily.xml';
const WIDER_FILES = ['eurofxref-hist-90d.xml', 'eurofxref-hist.xml'];

/**
 * The longest run of days without rates the ECB leaves between two publications (Maundy Thursday to
 * the Tuesday after Easter): a file whose first day is further from the last stored day leaves a gap.
 */
const LONGEST_CLOSURE_DAYS = 5;

const daysBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The 90-day and full-history files beside FX_RATES_URL, when it is the ECB's daily file (or a mirror of it). */
function widerFilesBeside(url: string): string[] {
  if (!url.endsWith(`/${DAILY_FILE}`)) return [];
  return WIDER_FILES.map((file) => `${url.slice(0, -DAILY_FILE.length)}${file}`);
}

type Read = { stored: string[]; firstDay: string };

async function readAndStore(deps: FxRatesDeps, url: string): Promise<Read | { problem: string }> {
  const downloaded = await download(url);
  if ('problem' in downloaded) {
    deps.log.warn({ url }, `Exchange rates not updated: ${downloaded.problem}; keeping the last rates`);
    deps.metrics?.countRateFetch('unreachable');
    return downloaded;
  }
  const parsed = parseEcbRates(downloaded.body);
  if ('problem' in parsed) {
    const problem = `the rate source's answer was refused: ${parsed.problem}`;
    deps.log.warn({ url }, `Exchange rates not updated: ${problem}; keeping the last rates`);
    deps.metrics?.countRateFetch('refused');
    return { problem };
  }
  const stored = await storeRateDays(deps.db, parsed.days);
  deps.metrics?.countRateFetch(stored.length > 0 ? 'stored' : 'unchanged');
  return { stored, firstDay: parsed.days[0]!.day };
}

/**
 * Reads FX_RATES_URL once and keeps the days not yet stored. When that file starts after a gap since
 * the last stored day (the app was off, or started from the shipped snapshot), the ECB's 90-day file
 * is read too, and its full history once if even that starts after the gap. An answer that is not the
 * ECB's file, or no answer, changes nothing: the last good rates stay, the log says why and the metrics
 * count it.
 */
export async function refreshRates(deps: FxRatesDeps): Promise<RefreshOutcome> {
  const before = await latestRateDay(deps.db);
  const first = await readAndStore(deps, deps.url);
  if ('problem' in first) return first;
  const stored = [...first.stored];
  let firstDay = first.firstDay;
  for (const url of widerFilesBeside(deps.url)) {
    if (before === null || daysBetween(before, firstDay) <= LONGEST_CLOSURE_DAYS) break;
    const wider = await readAndStore(deps, url);
    if ('problem' in wider) break;
    stored.push(...wider.stored);
    firstDay = wider.firstDay;
  }
  stored.sort();
  if (stored.length > 0) {
    deps.log.info({ days: stored.length, latest: stored.at(-1) }, 'Exchange rates stored');
    await deps.afterNewDays?.();
  }
  return { stored };
}

export async function startFxRates(deps: FxRatesDeps & { jobs: Jobs }) {
  // The shipped history first, so entries of any date since 1999 are valued before the ECB is reached.
  const fromSnapshot = await loadRatesSnapshot(deps.db);
  if (fromSnapshot > 0) {
    deps.log.info({ rates: fromSnapshot }, 'Exchange rates stored from the shipped snapshot');
    // Entries valued at a nearby day's rate while their own was missing take their own day's now.
    await deps.afterNewDays?.();
  }
  await deps.jobs.schedule(QUEUES.fxRates, FX_RATES_CRON, {}, { tz: 'UTC' });
  await work(deps.jobs, QUEUES.fxRates, { pollingIntervalSeconds: 30 }, async () => {
    await refreshRates(deps);
  });
  // Every start tops the rates up at once rather than at the next scheduled time.
  await deps.jobs.send(QUEUES.fxRates, {});
}
