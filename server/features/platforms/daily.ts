import { addDays, londonDate, monthOf } from '@common/calendar';
import { CONNECTABLE_PLATFORM_NAMES, metricLabel } from '@common/platforms';
import type { FastifyBaseLogger } from 'fastify';
import type { DayFigures, DayRange } from '../../integrations/oauth/analytics';
import { ProviderError, REFUSAL_REASONS } from '../../integrations/oauth/http';
import type { PlatformProvider } from '../../integrations/oauth/platform-provider';
import { noteFigureChange } from '../../jobs/figure-changes';
import { removeSyncedMonth, replaceSyncedMonths, typedMonthTotals } from '../revenue/public';
import type { PlatformDeps } from './service';
import {
  type ConnectionRow,
  type DailyMetricRow,
  insertPlatformMetrics,
  monthlyRevenueOf,
  updateConnection,
  upsertDailyMetrics,
} from './store';
import { readAccountWithFreshToken, secondsUntilQuotaReset } from './token-life';

/** The days re-read on each sync: YouTube revises its last few days' figures. */
export const REVISED_DAYS = 3;
/** TikTok's views per day come from two readings at least this far apart. */
const MIN_HOURS_BETWEEN_VIDEO_READS = 12;

/**
 * The days to read: on the first sync, as far back as the platform keeps (YouTube from the start of
 * that month, so every month of revenue is whole); after that, from a few days before the last day
 * read (revisions) up to yesterday. Null when there is nothing new to ask for.
 */
export function daysToRead(
  provider: Pick<PlatformProvider, 'platform' | 'historyDays'>,
  syncedThrough: string | null,
  today: string,
): DayRange | null {
  if (provider.historyDays === 0) return null;
  const to = addDays(today, -1);
  const earliest = addDays(today, -provider.historyDays);
  const backfillFrom = provider.platform === 'youtube' ? `${monthOf(earliest)}-01` : earliest;
  const from = syncedThrough
    ? [addDays(syncedThrough, 1 - REVISED_DAYS), earliest].sort().at(-1)!
    : backfillFrom;
  return from <= to ? { from, to } : null;
}

/**
 * TikTok keeps no daily history: a day's views are what every recent video gained between two
 * readings, scaled to 24 hours (a video new since the last reading gained all it has).
 */
function viewsPerDay(before: Record<string, number>, now: Record<string, number>, hours: number) {
  let gained = 0;
  for (const [id, views] of Object.entries(now)) gained += Math.max(0, views - (before[id] ?? 0));
  return Math.round((gained * 24) / hours);
}

const list = (items: string[]) =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/** What a sync read, as the connection shows it. */
function describeRead(days: DayFigures[], totals: Record<string, number | null | undefined>) {
  const metrics = [...new Set(days.flatMap((day) => Object.keys(day.values)))].map((metric) =>
    metricLabel(metric).toLowerCase(),
  );
  const parts = [];
  if (days.length > 0) parts.push(`${days.length} ${days.length === 1 ? 'day' : 'days'} of ${list(metrics)}`);
  for (const [metric, value] of Object.entries(totals)) {
    if (typeof value === 'number') parts.push(`${value.toLocaleString('en-GB')} ${metric}`);
  }
  // Each part has its own list inside it: a semicolon keeps "and" to one place in each.
  return parts.length > 0 ? `Read ${parts.join('; ')}.` : 'Nothing new to read.';
}

export type SyncOutcome = {
  isRead: boolean;
  retryAfterSeconds: number | null;
  /**
   * The read failed for a reason that may pass (the provider or network erred): worth trying again
   * within the day. A refused grant or a rate limit (retried after its own wait) is not.
   */
  isRetryable?: boolean;
};

/**
 * Reads one connection: its account (followers), the days since the last sync (re-reading the last
 * few), and for YouTube the months of estimated revenue those days fall in. Everything is written in
 * one transaction; a failure is kept on the connection in words the creator can act on.
 */
export async function syncConnection(
  deps: PlatformDeps,
  row: ConnectionRow,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SyncOutcome> {
  const provider = deps.providers[row.platform];
  if (!provider || !row.accessToken) return { isRead: false, retryAfterSeconds: null };
  const now = deps.now();
  const today = londonDate(now);
  try {
    const { accessToken, account } = await readAccountWithFreshToken(deps, row, provider);
    const range = daysToRead(provider, row.syncedThrough, today);
    const days =
      range && provider.readDays ? await provider.readDays(accessToken, row.platformUserId, range) : [];
    const videos = provider.readVideoViews
      ? await provider.readVideoViews(accessToken, row.grantedScopes)
      : null;
    const hoursSince = row.lastSyncedAt ? (now.getTime() - row.lastSyncedAt.getTime()) / 3_600_000 : 0;
    const isVideoDay = Boolean(videos && row.videoViews && hoursSince >= MIN_HOURS_BETWEEN_VIDEO_READS);
    if (isVideoDay) {
      days.push({
        day: addDays(today, -1),
        values: { views: viewsPerDay(row.videoViews!, videos!, hoursSince) },
      });
    }
    const rows: DailyMetricRow[] = days.flatMap(({ day, values }) =>
      Object.entries(values).map(([metric, value]) => ({ day, metric, value })),
    );
    const lastDay = days
      .map((day) => day.day)
      .sort()
      .at(-1);
    await deps.db.transaction(async (tx) => {
      await upsertDailyMetrics(tx, row, rows, now);
      await insertPlatformMetrics(
        tx,
        (['followers', 'likes'] as const)
          .filter((metric) => typeof account[metric] === 'number')
          .map((metric) => ({
            userId: row.userId,
            connectionId: row.id,
            platform: row.platform,
            metric,
            value: account[metric]!,
          })),
      );
      const revenueMonths = [
        ...new Set(rows.filter((r) => r.metric === 'revenue').map((r) => monthOf(r.day))),
      ];
      if (revenueMonths.length > 0) {
        const from = revenueMonths.sort()[0]!;
        const typed = await typedMonthTotals(tx, row.userId, from);
        const months = (await monthlyRevenueOf(tx, row.id, from)).filter((month) =>
          revenueMonths.includes(month.month),
        );
        // A month the creator typed themselves is shown beside YouTube's and counted once: theirs,
        // until they choose (service.ts, keepRevenueMonth).
        const isTheirs = (month: string) => typed.has(month) || row.typedRevenueMonths.includes(month);
        for (const month of months.filter((m) => isTheirs(m.month)))
          await removeSyncedMonth(tx, row.userId, month.month);
        await replaceSyncedMonths(
          tx,
          row.userId,
          months.filter((m) => !isTheirs(m.month)),
          now,
        );
      }
      // Connecting is the creator's own doing: what its first read brings is scanned within minutes on
      // every plan, as her typed figures are; later syncs wait for her plan's schedule (decision 043).
      if (!row.lastSyncedAt) await noteFigureChange(tx, row.userId, { isOwn: true });
      await updateConnection(tx, row.id, {
        platformUsername: account.platformUsername,
        followers: account.followers,
        lastSyncedAt: now,
        lastSyncError: null,
        needsReconnect: false,
        lastSyncRead: describeRead(days, { followers: account.followers, likes: account.likes }),
        ...(lastDay && lastDay > (row.syncedThrough ?? '') ? { syncedThrough: lastDay } : {}),
        ...(videos && (isVideoDay || !row.videoViews) ? { videoViews: videos } : {}),
      });
    });
    return { isRead: true, retryAfterSeconds: null };
  } catch (error) {
    const name = CONNECTABLE_PLATFORM_NAMES[row.platform];
    const failure = error instanceof ProviderError ? error : null;
    // Throttling and a spent quota are waits: the connection stays connected and is read then.
    const retryAfterSeconds =
      failure?.kind === 'quota-day' ? secondsUntilQuotaReset(now) : (failure?.retryAfterSeconds ?? null);
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString().slice(11, 16);
    const needsReconnect = failure?.kind === 'token-refused';
    const message = needsReconnect
      ? `${name} no longer accepts this connection: ${REFUSAL_REASONS[failure.refusal ?? 'refused']}. Connect it again.`
      : failure?.kind === 'quota-day'
        ? `${name}'s daily allowance of requests is spent; Ballast tries again at ${at(retryAfterSeconds!)} UTC, when it resets.`
        : retryAfterSeconds !== null
          ? `${name} asked us to slow down; Ballast tries again at ${at(retryAfterSeconds)} UTC.`
          : `${name} could not be read: ${(error as Error).message}`;
    log.warn({ err: error, connectionId: row.id }, 'Platform sync failed');
    await updateConnection(deps.db, row.id, { lastSyncError: message, needsReconnect });
    return { isRead: false, retryAfterSeconds, isRetryable: !needsReconnect && retryAfterSeconds === null };
  }
}
