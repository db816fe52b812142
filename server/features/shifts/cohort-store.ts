import { addDays } from '@common/calendar';
import {
  SHIFT_BASELINE_FIRST,
  SHIFT_BASELINE_LAST,
  SHIFT_FELL_RATIO,
  SHIFT_LOOKBACK_DAYS,
  SHIFT_MIN_BASELINE_DAYS,
  SHIFT_MIN_COHORT,
  SHIFT_MIN_RECENT_DAYS,
  SHIFT_RECENT_DAYS,
} from '@common/shifts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { connectedDailyViewsSql } from '../platforms/public';

/** The windows a run compares, for `today` (London): recent days against the usual ones before them. */
export type CohortWindows = {
  recentFrom: string;
  recentTo: string;
  baselineFrom: string;
  baselineTo: string;
  lookbackFrom: string;
};

export function cohortWindows(today: string): CohortWindows {
  return {
    recentFrom: addDays(today, -SHIFT_RECENT_DAYS),
    recentTo: addDays(today, -1),
    baselineFrom: addDays(today, -SHIFT_BASELINE_FIRST),
    baselineTo: addDays(today, -SHIFT_BASELINE_LAST),
    lookbackFrom: addDays(today, -SHIFT_LOOKBACK_DAYS),
  };
}

/**
 * Each counted creator's usual day (the median of the baseline's days) and recent level (the mean of
 * the recent days) from the `daily` rows before it, each creator from their own rows only; creators
 * without enough days in either window are left out.
 */
function levelsSql(windows: CohortWindows): SQL {
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
    WHERE usual_days >= ${SHIFT_MIN_BASELINE_DAYS} AND recent_days >= ${SHIFT_MIN_RECENT_DAYS}
      AND usual > 0`;
}

export type CohortMeasure = {
  cohortSize: number;
  fellCount: number;
  /** Null under SHIFT_MIN_COHORT creators: no figure of a group that small leaves the statement. */
  medianChange: number | null;
  /** The first day from which the cohort's median day stayed a third or more down; null if none. */
  fallStartedOn: string | null;
  /** The cohort's median day on each day of the lookback with at least SHIFT_MIN_COHORT creators. */
  days: { day: string; creators: number; medianRatio: number }[];
};

/**
 * The platform's cohort in one statement over the daily aggregates: every connected creator's usual and
 * recent levels, how many fell by a third or more, the median change, the cohort's median day on each
 * recent day and the first day of the fall. Only aggregates leave it, and only for 20 creators or more.
 */
export async function measureCohort(
  db: DbOrTx,
  platform: string,
  windows: CohortWindows,
): Promise<CohortMeasure> {
  const daily = connectedDailyViewsSql(platform, windows.baselineFrom, windows.recentTo);
  const { rows } = await db.execute<{
    cohort_size: number;
    fell_count: number;
    median_change: number | null;
    fall_started_on: string | null;
    days: CohortMeasure['days'] | null;
  }>(sql`
    WITH daily AS MATERIALIZED (${daily}),
    cohort AS MATERIALIZED (${levelsSql(windows)}),
    summary AS (
      SELECT count(*)::int AS cohort_size,
        count(*) FILTER (WHERE ratio <= ${SHIFT_FELL_RATIO})::int AS fell_count,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ratio) - 1 AS median_change
      FROM cohort
    ),
    by_day AS (
      SELECT daily.day, count(*)::int AS creators,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY daily.views / cohort.usual) AS median_ratio
      FROM daily JOIN cohort USING (user_id)
      WHERE daily.day >= ${windows.lookbackFrom}::date
      GROUP BY daily.day
      HAVING count(*) >= ${SHIFT_MIN_COHORT}
    ),
    fall AS (
      -- The fall began the day after the last day that stood above the line.
      SELECT min(day) AS started_on FROM by_day
      WHERE median_ratio <= ${SHIFT_FELL_RATIO}
        AND day > coalesce((SELECT max(day) FROM by_day WHERE median_ratio > ${SHIFT_FELL_RATIO}), '-infinity'::date)
    )
    SELECT summary.cohort_size,
      CASE WHEN summary.cohort_size >= ${SHIFT_MIN_COHORT} THEN summary.fell_count ELSE 0 END AS fell_count,
      CASE WHEN summary.cohort_size >= ${SHIFT_MIN_COHORT} THEN summary.median_change END AS median_change,
      CASE WHEN summary.cohort_size >= ${SHIFT_MIN_COHORT} THEN (SELECT started_on::text FROM fall) END AS fall_started_on,
      CASE WHEN summary.cohort_size >= ${SHIFT_MIN_COHORT} THEN (
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
export async function measureCreator(
  db: DbOrTx,
  userId: string,
  platform: string,
  windows: CohortWindows,
): Promise<number | null> {
  const daily = connectedDailyViewsSql(platform, windows.baselineFrom, windows.recentTo, userId);
  const { rows } = await db.execute<{ ratio: number }>(sql`
    WITH daily AS (${daily}) ${levelsSql(windows)}`);
  return rows[0] ? Number(rows[0].ratio) : null;
}
