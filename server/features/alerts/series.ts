import type { RevenueSource } from '@common/revenue';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

type Point = { at: string; value: number };

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** Per source, every month from its first up to (not including) `endMonth`, empty months as 0. */
function monthSeries(rows: { source: RevenueSource; month: string; total: string }[], endMonth: string) {
  const bySource = new Map<RevenueSource, Map<string, number>>();
  for (const row of rows) {
    const months = bySource.get(row.source) ?? new Map<string, number>();
    months.set(row.month, Number(row.total));
    bySource.set(row.source, months);
  }
  const series = new Map<RevenueSource, Point[]>();
  for (const [source, months] of bySource) {
    const first = [...months.keys()].sort()[0]!;
    const points = [];
    for (let month = first; month < endMonth; month = nextMonth(month)) {
      points.push({ at: month, value: months.get(month) ?? 0 });
    }
    series.set(source, points);
  }
  return series;
}

/**
 * Complete months of revenue per source (the current month is still arriving), with empty months as 0:
 * three years, so a month can be compared with the same month in earlier years.
 */
export async function monthlyRevenue(db: DbOrTx, userId: string, currentMonth: string) {
  const rows = await db.execute<{ source: RevenueSource; month: string; total: string }>(sql`
    SELECT source, to_char(date, 'YYYY-MM') AS month, sum(amount) AS total
    FROM revenue_entries
    WHERE user_id = ${userId} AND date >= (${`${currentMonth}-01`}::date - interval '37 months')
      AND to_char(date, 'YYYY-MM') < ${currentMonth}
    GROUP BY source, month ORDER BY month`);
  return monthSeries(rows.rows, currentMonth);
}

/**
 * The current month so far per source, and the same days (1st to today's day of the month) of each of
 * the six months before, oldest first, the current month last. Typed entries only: YouTube's synced
 * entry holds a whole month on one date, and its pace is judged from its daily figures instead.
 */
export async function revenueToDate(db: DbOrTx, userId: string, today: string) {
  const currentMonth = today.slice(0, 7);
  const dayOfMonth = Number(today.slice(8, 10));
  const rows = await db.execute<{ source: RevenueSource; month: string; total: string }>(sql`
    SELECT source, to_char(date, 'YYYY-MM') AS month, sum(amount) AS total
    FROM revenue_entries
    WHERE user_id = ${userId} AND origin = 'typed'
      AND date >= (${`${currentMonth}-01`}::date - interval '6 months') AND date <= ${today}::date
      AND extract(day FROM date) <= ${dayOfMonth}
    GROUP BY source, month ORDER BY month`);
  return monthSeries(rows.rows, nextMonth(currentMonth));
}

/** Metrics whose fall is good news (fewer subscribers lost), never judged for drops. */
const RISING_IS_BAD = new Set(['subscribers_lost']);

/**
 * Daily figures per platform and metric from the sync, oldest first. Per-day figures from an analytics
 * API (views that day, revenue that day) are used as they are; a metric read only as a running total
 * (followers now) takes the last reading of each day, and views read that way become each day's
 * difference from the day before.
 */
export async function dailyMetrics(db: DbOrTx, userId: string, today: string) {
  const perDay = await db.execute<{ platform: string; metric: string; day: string; value: number }>(sql`
    SELECT DISTINCT ON (platform, metric, day) platform, metric, day::text AS day, value
    FROM platform_metrics
    WHERE user_id = ${userId} AND source = 'sync' AND day IS NOT NULL AND day > ${today}::date - 100
    ORDER BY platform, metric, day, recorded_at DESC`);
  const readings = await db.execute<{ platform: string; metric: string; day: string; value: number }>(sql`
    SELECT DISTINCT ON (platform, metric, day) platform, metric, day, value FROM (
      SELECT platform, metric, to_char(recorded_at, 'YYYY-MM-DD') AS day, value, recorded_at
      FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND day IS NULL
        AND recorded_at > now() - interval '100 days'
    ) readings
    ORDER BY platform, metric, day, recorded_at DESC`);
  const series = new Map<string, Point[]>();
  const add = (row: { platform: string; metric: string; day: string; value: number }) => {
    if (RISING_IS_BAD.has(row.metric)) return;
    const key = `${row.platform}:${row.metric}`;
    const points = series.get(key) ?? [];
    points.push({ at: row.day, value: Number(row.value) });
    series.set(key, points);
  };
  perDay.rows.forEach(add);
  const fromDays = new Set(series.keys());
  readings.rows.filter((row) => !fromDays.has(`${row.platform}:${row.metric}`)).forEach(add);
  for (const [key, points] of series) {
    if (key.endsWith(':views') && !fromDays.has(key)) {
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
export async function screenshotFigures(db: DbOrTx, userId: string) {
  const rows = await db.execute<{ platform: string; metric: string; at: string; value: number }>(sql`
    SELECT platform, metric, to_char(recorded_at, 'YYYY-MM-DD') AS at, value FROM platform_metrics
    WHERE user_id = ${userId} AND source = 'screenshot' AND metric <> 'revenue'
      AND recorded_at > now() - interval '400 days'
    ORDER BY recorded_at`);
  const series = new Map<string, Point[]>();
  for (const row of rows.rows) {
    const key = `${row.platform}:${row.metric}`;
    series.set(key, [...(series.get(key) ?? []), { at: row.at, value: Number(row.value) }]);
  }
  return series;
}
