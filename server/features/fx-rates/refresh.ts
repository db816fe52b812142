import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { type Jobs, QUEUES, work } from '../../jobs/boss';
import type { Metrics } from '../../metrics/metrics';
import { parseEcbRates } from './ecb-xml';
import { latestRateDay, storeRateDays } from './rates-store';

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

/**
 * Reads FX_RATES_URL once and keeps the days not yet stored. An answer that is not the ECB's file, or
 * no answer, changes nothing: the last good rates stay, the log says why and the metrics count it.
 */
export async function refreshRates(deps: FxRatesDeps): Promise<RefreshOutcome> {
  const downloaded = await download(deps.url);
  if ('problem' in downloaded) {
    deps.log.warn(
      { url: deps.url },
      `Exchange rates not updated: ${downloaded.problem}; keeping the last rates`,
    );
    deps.metrics?.countRateFetch('unreachable');
    return downloaded;
  }
  const parsed = parseEcbRates(downloaded.body);
  if ('problem' in parsed) {
    const problem = `the rate source's answer was refused: ${parsed.problem}`;
    deps.log.warn({ url: deps.url }, `Exchange rates not updated: ${problem}; keeping the last rates`);
    deps.metrics?.countRateFetch('refused');
    return { problem };
  }
  const stored = await storeRateDays(deps.db, parsed.days);
  deps.metrics?.countRateFetch(stored.length > 0 ? 'stored' : 'unchanged');
  if (stored.length > 0) {
    deps.log.info({ days: stored.length, latest: stored.at(-1) }, 'Exchange rates stored');
    await deps.afterNewDays?.();
  }
  return { stored };
}

export async function startFxRates(deps: FxRatesDeps & { jobs: Jobs }) {
  await deps.jobs.schedule(QUEUES.fxRates, FX_RATES_CRON, {}, { tz: 'UTC' });
  await work(deps.jobs, QUEUES.fxRates, { pollingIntervalSeconds: 30 }, async () => {
    await refreshRates(deps);
  });
  // A new install reads the rates at once rather than at the next scheduled time.
  if ((await latestRateDay(deps.db)) === null) await deps.jobs.send(QUEUES.fxRates, {});
}
