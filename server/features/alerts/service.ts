import type { Alert } from '@common/alerts';
import { formatDateInWords, formatMonthInWords, londonDate, monthName, monthOf } from '@common/calendar';
import { metricLabel, platformName } from '@common/platforms';
import { type RevenueSource, sourceLabel } from '@common/revenue';
import { and, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { notFound } from '../../errors';
import type { Jobs } from '../../jobs/boss';
import type { OutboundMessage } from '../../jobs/outbound-message';
import { enqueueOutbound } from '../../jobs/outbox';
import { type Drop, detectDailyDrop, detectMonthlyDrop } from './detection';
import { detectSeasonalMonthlyDrop, type MonthlyDrop, type Season } from './seasonality';
import {
  type AlertRow,
  clearCauses,
  findAlerts,
  insertAlertOnce,
  markRead,
  type NewAlert,
  toAlert,
} from './store';

const LIST_LENGTH = 50;

const SOURCE_PLATFORMS: Partial<Record<RevenueSource, string>> = {
  youtube_ads: 'youtube',
  tiktok_creator_fund: 'tiktok',
  instagram_sponsors: 'instagram',
};

const pounds = (value: number) => `£${Math.round(value).toLocaleString('en-GB')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Undismissed alerts, newest first. */
export async function listAlerts(db: Db, userId: string): Promise<Alert[]> {
  return (await findAlerts(db, userId, LIST_LENGTH)).filter((row) => !row.readAt).map(toAlert);
}

export async function dismissAlert(db: Db, userId: string, id: string): Promise<Alert> {
  const row = await markRead(db, userId, id);
  if (!row) throw notFound('That alert');
  return toAlert(row);
}

export type AlertDeps = { db: Db; jobs: Jobs };

/** Plans that promise real-time alerts get critical and high ones by email too (spec §6). */
const EMAILED_PLANS = ['guardian', 'mastermind'];

/** The emails for these new alerts, for a creator on a plan that includes them. */
export async function alertEmails(tx: DbOrTx, rows: AlertRow[]): Promise<OutboundMessage[]> {
  const urgent = rows.filter((row) => row.severity === 'critical' || row.severity === 'high');
  if (urgent.length === 0) return [];
  const recipients = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        inArray(users.id, [...new Set(urgent.map((row) => row.userId))]),
        inArray(users.plan, EMAILED_PLANS),
      ),
    );
  const emailOf = new Map(recipients.map((user) => [user.id, user.email]));
  return urgent.flatMap((row) => {
    const to = emailOf.get(row.userId);
    if (!to) return [];
    return [
      {
        channel: 'email' as const,
        template: 'alert' as const,
        to,
        severity: row.severity as 'critical' | 'high',
        title: row.title,
        description: row.description,
        impactDescription: row.impactDescription,
        mitigationStrategy: row.mitigationStrategy,
      },
    ];
  });
}

/** Raises each alert whose cause is new; clears the causes of `prefix` that no longer hold. */
export async function settleAlerts(
  { db, jobs }: AlertDeps,
  userId: string,
  prefix: string,
  raised: NewAlert[],
) {
  // The usual case on a scan: nothing to raise, only causes that may have cleared (one statement).
  if (raised.length === 0) {
    await clearCauses(db, userId, prefix, []);
    return [];
  }
  return db.transaction(async (tx) => {
    await clearCauses(
      tx,
      userId,
      prefix,
      raised.map((alert) => alert.cause),
    );
    const created: AlertRow[] = [];
    for (const alert of raised) {
      const row = await insertAlertOnce(tx, alert);
      if (row) created.push(row);
    }
    await enqueueOutbound(jobs, tx, await alertEmails(tx, created));
    return created.map(toAlert);
  });
}

/** What the same month in earlier years says about this fall, in words. */
function seasonSentence(season: Season, month: string, name: string): string {
  if (season.kind === 'short') {
    return ` The baseline is short (${season.months} months of ${name}), so a fall the season brings every year cannot be told apart yet.`;
  }
  if (season.kind === 'new') return ` ${monthName(month)} has not fallen like this in earlier years.`;
  const usually = season.previousMonth
    ? `${monthName(month)} is usually ${percent(season.usualFall)} below ${monthName(season.previousMonth)} for you`
    : `${monthName(month)} is usually ${percent(season.usualFall)} below the months before it for you`;
  return season.beyond === null
    ? ` ${usually}, so this fall is mostly the season.`
    : ` ${usually}, and this one is ${percent(season.beyond)} below even that.`;
}

function revenueAlert(userId: string, source: RevenueSource, month: string, drop: MonthlyDrop): NewAlert {
  const lost = drop.baseline - drop.value;
  const name = sourceLabel(source);
  return {
    userId,
    cause: `revenue:${source}`,
    severity: drop.severity,
    platform: SOURCE_PLATFORMS[source] ?? 'other',
    title: `${name} revenue fell ${percent(drop.dropShare)}`,
    description:
      `${formatMonthInWords(month)} brought ${pounds(drop.value)} from ${name}, against ${pounds(drop.baseline)} in a typical recent month.` +
      seasonSentence(drop.season, month, name),
    impactDescription: `${pounds(lost)} less this month; ${pounds(lost * 3)} over a quarter if it continues.`,
    mitigationStrategy:
      SOURCE_PLATFORMS[source] !== undefined
        ? 'Check the platform’s analytics for a reach change, and post where your audience still sees you.'
        : 'Contact your buyers or partners directly, and check whether a launch, price or link changed.',
  };
}

function metricAlert(userId: string, platform: string, metric: string, drop: Drop): NewAlert {
  const name = `${platformName(platform)} ${metricLabel(metric).toLowerCase()}`;
  return {
    userId,
    cause: `metric:${platform}:${metric}`,
    severity: drop.severity,
    platform,
    title: `${name} dropped ${percent(drop.dropShare)}`,
    description: `${formatDateInWords(drop.at)}: ${Math.round(drop.value).toLocaleString('en-GB')} against a usual ${Math.round(drop.baseline).toLocaleString('en-GB')}.`,
    impactDescription: `Reach on ${platformName(platform)} drives the income it pays: expect less from it while this lasts.`,
    mitigationStrategy:
      'Look for a change in how your recent posts are distributed, and move your most engaged viewers to something you own.',
  };
}

/**
 * Complete months of revenue per source (the current month is still arriving), with empty months as 0:
 * three years, so a month can be compared with the same month in earlier years.
 */
async function monthlyRevenue(db: DbOrTx, userId: string, currentMonth: string) {
  const rows = await db.execute<{ source: RevenueSource; month: string; total: string }>(sql`
    SELECT source, to_char(date, 'YYYY-MM') AS month, sum(amount) AS total
    FROM revenue_entries
    WHERE user_id = ${userId} AND date >= (${`${currentMonth}-01`}::date - interval '37 months')
      AND to_char(date, 'YYYY-MM') < ${currentMonth}
    GROUP BY source, month ORDER BY month`);
  const bySource = new Map<RevenueSource, Map<string, number>>();
  for (const row of rows.rows) {
    const months = bySource.get(row.source) ?? new Map<string, number>();
    months.set(row.month, Number(row.total));
    bySource.set(row.source, months);
  }
  const series = new Map<RevenueSource, { at: string; value: number }[]>();
  for (const [source, months] of bySource) {
    const first = [...months.keys()].sort()[0]!;
    const points = [];
    for (let month = first; month < currentMonth; month = nextMonth(month)) {
      points.push({ at: month, value: months.get(month) ?? 0 });
    }
    series.set(source, points);
  }
  return series;
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/**
 * Daily figures per platform and metric from the daily sync (the last value of each day; views are a
 * running total, so each day's views are the difference from the day before).
 */
async function dailyMetrics(db: DbOrTx, userId: string) {
  const rows = await db.execute<{ platform: string; metric: string; day: string; value: number }>(sql`
    SELECT DISTINCT ON (platform, metric, day) platform, metric, day, value FROM (
      SELECT platform, metric, to_char(recorded_at, 'YYYY-MM-DD') AS day, value, recorded_at
      FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND recorded_at > now() - interval '100 days'
    ) readings
    ORDER BY platform, metric, day, recorded_at DESC`);
  const series = new Map<string, { at: string; value: number }[]>();
  for (const row of rows.rows) {
    const key = `${row.platform}:${row.metric}`;
    series.set(key, [...(series.get(key) ?? []), { at: row.day, value: Number(row.value) }]);
  }
  for (const [key, points] of series) {
    if (key.endsWith(':views')) {
      series.set(
        key,
        points
          .slice(1)
          .map((point, index) => ({ at: point.at, value: Math.max(0, point.value - points[index]!.value) })),
      );
    }
  }
  return series;
}

/**
 * Figures read from screenshots, per platform and metric, oldest first: screenshots come at irregular
 * times and show a period's total, so each is compared with the median of the ones before it.
 */
async function screenshotFigures(db: DbOrTx, userId: string) {
  const rows = await db.execute<{ platform: string; metric: string; at: string; value: number }>(sql`
    SELECT platform, metric, to_char(recorded_at, 'YYYY-MM-DD') AS at, value FROM platform_metrics
    WHERE user_id = ${userId} AND source = 'screenshot' AND metric <> 'revenue'
      AND recorded_at > now() - interval '400 days'
    ORDER BY recorded_at`);
  const series = new Map<string, { at: string; value: number }[]>();
  for (const row of rows.rows) {
    const key = `${row.platform}:${row.metric}`;
    series.set(key, [...(series.get(key) ?? []), { at: row.at, value: Number(row.value) }]);
  }
  return series;
}

/** One creator's scan: revenue by source against its recent months, platform figures against their days. */
export async function scanCreator(deps: AlertDeps, userId: string, now: Date): Promise<Alert[]> {
  const { db } = deps;
  const currentMonth = monthOf(londonDate(now));
  const revenueAlerts: NewAlert[] = [];
  for (const [source, months] of await monthlyRevenue(db, userId, currentMonth)) {
    const drop = detectSeasonalMonthlyDrop(months);
    if (drop) revenueAlerts.push(revenueAlert(userId, source, drop.at, drop));
  }
  const metricAlerts: NewAlert[] = [];
  for (const [key, points] of await dailyMetrics(db, userId)) {
    const drop = detectDailyDrop(points);
    const [platform, metric] = key.split(':') as [string, string];
    if (drop) metricAlerts.push(metricAlert(userId, platform, metric, drop));
  }
  const synced = new Set(metricAlerts.map((alert) => alert.cause));
  for (const [key, points] of await screenshotFigures(db, userId)) {
    // The same judgement as months of revenue: the latest reading against those before it.
    const drop = detectMonthlyDrop(points);
    const [platform, metric] = key.split(':') as [string, string];
    const alert = drop && metricAlert(userId, platform, metric, drop);
    if (alert && !synced.has(alert.cause)) metricAlerts.push(alert);
  }
  return [
    ...(await settleAlerts(deps, userId, 'revenue:', revenueAlerts)),
    ...(await settleAlerts(deps, userId, 'metric:', metricAlerts)),
  ];
}
