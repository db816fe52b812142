import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { platformMetrics } from '../../db/schema/platforms';

/*
 * How connected creators' synced daily views moved, answered as aggregates only: the platform shifts'
 * cohort asks this each scan cycle (decisions 050 and 053). The windows and rules are the caller's; the
 * rows stay here.
 */

/** The days compared: recent days against the usual ones before them, and the lookback shown by day. */
export type ViewWindows = {
  recentFrom: string;
  recentTo: string;
  baselineFrom: string;
  baselineTo: string;
  lookbackFrom: string;
};

/** Who is counted and what is a fall: the caller's rules. */
export type ViewRules = {
  minBaselineDays: number;
  minRecentDays: number;
  /** Recent ÷ usual at or under this is a fall. */
  fellRatio: number;
  /** No figure of a group under this many creators is answered. */
  minCohort: number;
};

/**
 * The per-day views syncs read for `platform`'s connected creators over the windows, or for one creator
 * when `userId` is given. Rows left by a removed connection are not in it (a creator who reconnects is
 * read afresh), so each creator has one row a day.
 */
function dailyViews(platform: string, windows: ViewWindows, userId?: string): SQL {
  return sql`SELECT ${platformMetrics.userId} AS user_id, ${platformMetrics.day} AS day, ${platformMetrics.value} AS views
    FROM ${platformMetrics}
    WHERE ${platformMetrics.platform} = ${platform} AND ${platformMetrics.source} = 'sync'
      AND ${platformMetrics.metric} = 'views' AND ${platformMetrics.connectionId} IS NOT NULL
      AND ${platformMetrics.day} BETWEEN ${windows.baselineFrom}::date AND ${windows.recentTo}::date
      ${userId === undefined ? sql`` : sql`AND ${platformMetrics.userId} = ${userId}`}`;
}

/**
 * Each counted creator's usual day (the median of the baseline's days) and recent level (the mean of
 * the recent days) from the `daily` rows before it, each creator from their own rows only; creators
 * without enough days in either window are left out.
 */
function levelsSql(windows: ViewWindows, rules: ViewRules): SQL {
  const inBaseline = sql`day BETWEEN ${windows.baselineFrom}::date AND ${windows.baselineTo}::date`;
  const inRecent = sql`day BETWEEN ${windows.recentFrom}::date AND ${windows.recentTo}::date`;
  return sql`
    SELECT user_id, usual, recent / usual AS ratio FROM (
      SELECT user_id,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY views) FILTER (WHERE ${inBaseline}) AS usual,
        count(*) FILTER (WHERE ${inBaseline}) AS usual_days,
        avg(views) FILTER (WHERE ${inRecent}) AS recent,
        count(*) FILTER (WHERE ${inRecent}) AS recent_days
      FROM daily GROUP BY user_id
    ) levels
    WHERE usual_days >= ${rules.minBaselineDays} AND recent_days >= ${rules.minRecentDays}
      AND usual > 0`;
}

export type ConnectedViewsMeasure = {
  cohortSize: number;
  fellCount: number;
  /** Null under `minCohort` creators: no figure of a group that small leaves the statement. */
  medianChange: number | null;
  /** The first day from which the cohort's median day stayed at or under `fellRatio`; null if none. */
  fallStartedOn: string | null;
  /** The cohort's median day on each day of the lookback with at least `minCohort` creators. */
  days: { day: string; creators: number; medianRatio: number }[];
};

/**
 * The platform's connected creators in one statement over their daily views: every connected creator's usual and
 * recent levels, how many fell by a third or more, the median change, the cohort's median day on each
 * recent day and the first day of the fall. Only aggregates leave it, and only for `minCohort` creators or more.
 */
export async function measureConnectedViews(
  db: DbOrTx,
  platform: string,
  windows: ViewWindows,
  rules: ViewRules,
): Promise<ConnectedViewsMeasure> {
  const daily = dailyViews(platform, windows);
  const { rows } = await db.execute<{
    cohort_size: number;
    fell_count: number;
    median_change: number | null;
    fall_started_on: string | null;
    days: ConnectedViewsMeasure['days'] | null;
  }>(sql`
    WITH daily AS MATERIALIZED (${daily}),
    cohort AS MATERIALIZED (${levelsSql(windows, rules)}),
    summary AS (
      SELECT count(*)::int AS cohort_size,
        count(*) FILTER (WHERE ratio <= ${rules.fellRatio})::int AS fell_count,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ratio) - 1 AS median_change
      FROM cohort
    ),
    by_day AS (
      SELECT daily.day, count(*)::int AS creators,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY daily.views / cohort.usual) AS median_ratio
      FROM daily JOIN cohort USING (user_id)
      WHERE daily.day >= ${windows.lookbackFrom}::date
      GROUP BY daily.day
      HAVING count(*) >= ${rules.minCohort}
    ),
    fall AS (
      -- The fall began the day after the last day that stood above the line.
      SELECT min(day) AS started_on FROM by_day
      WHERE median_ratio <= ${rules.fellRatio}
        AND day > coalesce((SELECT max(day) FROM by_day WHERE median_ratio > ${rules.fellRatio}), '-infinity'::date)
    )
    SELECT summary.cohort_size,
      CASE WHEN summary.cohort_size >= ${rules.minCohort} THEN summary.fell_count ELSE 0 END AS fell_count,
      CASE WHEN summary.cohort_size >= ${rules.minCohort} THEN summary.median_change END AS median_change,
      CASE WHEN summary.cohort_size >= ${rules.minCohort} THEN (SELECT started_on::text FROM fall) END AS fall_started_on,
      CASE WHEN summary.cohort_size >= ${rules.minCohort} THEN (
        SELECT json_agg(json_build_object('day', day::text, 'creators', creators, 'medianRatio', median_ratio) ORDER BY day)
        FROM by_day
      ) END AS days
    FROM summary`);
  const row = rows[0]!;
  return {
    cohortSize: row.cohort_size,
    fellCount: row.fell_count,
    medianChange: row.median_change === null ? null : Number(row.median_change),
    fallStartedOn: row.fall_started_on,
    days: row.days ?? [],
  };
}

/**
 * One creator's change over a run's windows, from their own rows only: their recent level ÷ their
 * usual one, or null when they lack the days to be counted.
 */
export async function measureCreatorViews(
  db: DbOrTx,
  userId: string,
  platform: string,
  windows: ViewWindows,
  rules: ViewRules,
): Promise<number | null> {
  const daily = dailyViews(platform, windows, userId);
  const { rows } = await db.execute<{ ratio: number }>(sql`
    WITH daily AS (${daily}) ${levelsSql(windows, rules)}`);
  return rows[0] ? Number(rows[0].ratio) : null;
}
