import { londonDate } from '@common/calendar';
import type { ConnectablePlatform } from '@common/platforms';
import { type FigureKind, type FigurePeriod, periodDays } from '@common/screenshots';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { platformConnections, platformMetrics } from '../../db/schema/platforms';
import { withFigureChange } from '../../jobs/figure-changes';

export type MetricReading = {
  metric: string;
  value: number;
  currency?: string | null;
  /** Its own period where it is not its screen's: a realtime figure's window is not the period's. */
  period?: FigurePeriod;
  /** The change its screen states beside it, in percent (screenshots only). */
  statedChange?: number | null;
};

/**
 * The figures an analytics screenshot showed, as platform metrics: replacing what the same screenshot
 * gave before (a correction), so each screenshot counts once. The one platforms write other features
 * may import (through public.ts). Only the account's figures come here (a post's stay on its
 * screenshot), each with the period its screen states and whether it is a total or a change.
 */
export async function recordScreenshotMetrics(
  db: DbOrTx,
  screenshot: {
    id: string;
    userId: string;
    platform: ConnectablePlatform;
    takenAt: Date;
    period: FigurePeriod;
  },
  readings: (MetricReading & { kind: FigureKind })[],
) {
  // The creator's own screenshot: noted for the alert scan, which looks within minutes on every plan.
  await withFigureChange(db, screenshot.userId, { isOwn: true }, async (tx) => {
    await tx.delete(platformMetrics).where(eq(platformMetrics.screenshotId, screenshot.id));
    if (readings.length === 0) return;
    await tx.insert(platformMetrics).values(
      readings.map((reading) => ({
        userId: screenshot.userId,
        platform: screenshot.platform,
        source: 'screenshot' as const,
        screenshotId: screenshot.id,
        metric: reading.metric,
        value: reading.value,
        currency: reading.currency ?? null,
        recordedAt: screenshot.takenAt,
        period: reading.period ?? screenshot.period,
        periodDays: periodDays(reading.period ?? screenshot.period),
        kind: reading.kind,
        scope: 'account' as const,
        statedChange: reading.statedChange ?? null,
      })),
    );
  });
}

/**
 * The platforms a creator is active on by evidence: an active connection, or figures from a platform
 * since `since` (a synced connection or an uploaded screenshot). The health check counts these.
 */
export async function findPlatformsInUse(
  db: DbOrTx,
  userId: string,
  since: Date,
): Promise<ConnectablePlatform[]> {
  const rows = await db.execute<{ platform: ConnectablePlatform }>(sql`
    SELECT ${platformConnections.platform} AS platform FROM ${platformConnections}
    WHERE ${and(eq(platformConnections.userId, userId), eq(platformConnections.isActive, true))}
    UNION
    SELECT ${platformMetrics.platform} FROM ${platformMetrics}
    WHERE ${and(eq(platformMetrics.userId, userId), gte(platformMetrics.recordedAt, since))}
    ORDER BY 1`);
  return rows.rows.map((row) => row.platform);
}

/**
 * From the daily sync: followers and subscribers (the latest reading of each, summed over platforms)
 * and the views gained over the 30 days before `now`. Null where nothing is synced. The blueprint's
 * projection reads these.
 */
export async function findSyncedAudience(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<{ followers: number | null; monthlyViews: number | null }> {
  const { rows } = await db.execute<{ followers: string | null; views: string | null }>(sql`
    WITH latest AS (
      SELECT DISTINCT ON (platform, metric) platform, metric, value FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND metric IN ('followers', 'subscribers')
      ORDER BY platform, metric, recorded_at DESC
    ), views AS (
      -- The sync keeps each day's views (the day they were watched, not when they were read).
      SELECT sum(value) AS gained FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND metric = 'views'
        AND day IS NOT NULL AND day > ${londonDate(now)}::date - 30
    )
    SELECT (SELECT sum(value) FROM latest) AS followers, (SELECT gained FROM views) AS views`);
  const { followers = null, views = null } = rows[0] ?? {};
  return {
    followers: followers === null ? null : Number(followers),
    monthlyViews: views === null ? null : Number(views),
  };
}

/** One platform figure as the alert scan reads it: `at` is its calendar day ('YYYY-MM-DD'). */
export type MetricFigure = { platform: string; metric: string; at: string; value: number };

/**
 * The synced figures of the last 100 days, for judging drops: per-day figures from an analytics API
 * (the latest row of each day), and running totals read at a moment (the last reading of each day),
 * each oldest first.
 */
export async function findSyncedFigures(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<{ perDay: MetricFigure[]; readings: MetricFigure[] }> {
  const perDay = await db.execute<MetricFigure>(sql`
    SELECT DISTINCT ON (platform, metric, day) platform, metric, day::text AS at, value
    FROM platform_metrics
    WHERE user_id = ${userId} AND source = 'sync' AND day IS NOT NULL AND day > ${today}::date - 100
    ORDER BY platform, metric, day, recorded_at DESC`);
  const readings = await db.execute<MetricFigure>(sql`
    SELECT DISTINCT ON (platform, metric, at) platform, metric, at, value FROM (
      SELECT platform, metric, to_char(recorded_at, 'YYYY-MM-DD') AS at, value, recorded_at
      FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND day IS NULL
        AND recorded_at > now() - interval '100 days'
    ) readings
    ORDER BY platform, metric, at, recorded_at DESC`);
  return { perDay: perDay.rows, readings: readings.rows };
}

/**
 * Figures read from screenshots in the 400 days to `today` (revenue aside), oldest first, the account's
 * only. `comparedAs` is what a figure may be compared with: the same kind (total or change) over a
 * period of the same length ("total:28"), or of the same unstated kind ("total:unknown", "total:lifetime").
 * A realtime panel's figures are left out: 48 hours, or 60 minutes, of views swing too much from one
 * screenshot to the next to say a fall.
 */
export async function findScreenshotFigures(
  db: DbOrTx,
  userId: string,
  today: string,
): Promise<(MetricFigure & { comparedAs: string; statedChange: number | null })[]> {
  const { rows } = await db.execute<MetricFigure & { comparedAs: string; statedChange: number | null }>(sql`
    SELECT platform, metric, to_char(recorded_at, 'YYYY-MM-DD') AS at, value, stated_change AS "statedChange",
      kind || ':' || coalesce(period_days::text, split_part(period, ':', 1)) AS "comparedAs"
    FROM platform_metrics
    WHERE user_id = ${userId} AND source = 'screenshot' AND metric <> 'revenue' AND scope = 'account'
      AND kind <> 'realtime' AND recorded_at > ${today}::date - 400
    ORDER BY recorded_at`);
  return rows;
}

/** The creators with an active connection to `platform`. */
export async function findCreatorsConnectedTo(db: DbOrTx, platform: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: platformConnections.userId })
    .from(platformConnections)
    .where(and(sql`${platformConnections.platform} = ${platform}`, eq(platformConnections.isActive, true)));
  return rows.map((row) => row.userId);
}
