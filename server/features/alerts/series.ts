import { monthsBefore } from '@common/calendar';
import type { RevenueSource } from '@common/revenue';
import type { DbOrTx } from '../../db/client';
import { findScreenshotFigures, findSyncedFigures, type MetricFigure } from '../platforms/public';
import { type SourceMonthTotal, sourceMonthToDateTotals, sourceMonthTotals } from '../revenue/public';
import type { ScreenshotPoint } from './screenshot-fall';

type Point = { at: string; value: number };

const nextMonth = (month: string) => monthsBefore(month, -1);

/**
 * Pounds as PostgreSQL summed them ("1234.50") into whole pence, exactly (decision 008: money is never a
 * float): drops are judged on integer pence, and only the words of an alert round them to pounds.
 */
export function penceOf(total: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(total);
  if (!match) throw new Error(`a revenue total is not an amount in pounds: ${JSON.stringify(total)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/**
 * Per source, every month from its first up to (not including) `endMonth` in pence, empty months as 0:
 * at one rate per currency, or as `valued` at each entry's own rate.
 */
function monthSeries(rows: SourceMonthTotal[], endMonth: string, figure: 'total' | 'valued' = 'total') {
  const bySource = new Map<RevenueSource, Map<string, number>>();
  for (const row of rows) {
    const months = bySource.get(row.source) ?? new Map<string, number>();
    months.set(row.month, penceOf(row[figure]));
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
 * Complete months of revenue per source in pence (the current month is still arriving), with empty
 * months as 0: three years, so a month can be compared with the same month in earlier years. `paid` is
 * at one rate per currency (what is judged), `inPounds` at each entry's own rate (what the creator sees).
 */
export async function monthlyRevenue(db: DbOrTx, userId: string, currentMonth: string) {
  const rows = await sourceMonthTotals(
    db,
    userId,
    `${monthsBefore(currentMonth, 37)}-01`,
    `${currentMonth}-01`,
  );
  return { paid: monthSeries(rows, currentMonth), inPounds: monthSeries(rows, currentMonth, 'valued') };
}

/**
 * The current month so far per source in pence, and the same days (1st to today's day of the month) of
 * each of the six months before, oldest first, the current month last. Typed entries only: YouTube's
 * synced entry holds a whole month on one date, and its pace is judged from its daily figures instead.
 */
export async function revenueToDate(db: DbOrTx, userId: string, today: string) {
  const currentMonth = today.slice(0, 7);
  const rows = await sourceMonthToDateTotals(db, userId, `${monthsBefore(currentMonth, 6)}-01`, today);
  return monthSeries(rows, nextMonth(currentMonth));
}

/** Metrics whose fall is good news (fewer subscribers lost), never judged for drops. */
const RISING_IS_BAD = new Set(['subscribers_lost']);

/**
 * A figure that is not a finite number (NaN or Infinity in a float column) is corrupt data: the scan of
 * this creator stops with a reason an operator can act on, rather than judging drops from it.
 */
function checkedValue(figure: MetricFigure): number {
  const value = Number(figure.value);
  if (!Number.isFinite(value)) {
    throw new Error(`${figure.platform} ${figure.metric} on ${figure.at} is not a number (${figure.value})`);
  }
  return value;
}

/**
 * Daily figures per platform and metric from the sync, oldest first. Per-day figures from an analytics
 * API (views that day, revenue that day) are used as they are; a metric read only as a running total
 * (followers now) takes the last reading of each day, and views read that way become each day's
 * difference from the day before.
 */
export async function dailyMetrics(db: DbOrTx, userId: string, today: string) {
  const { perDay, readings } = await findSyncedFigures(db, userId, today);
  const series = new Map<string, Point[]>();
  const add = (figure: MetricFigure) => {
    if (RISING_IS_BAD.has(figure.metric)) return;
    const key = `${figure.platform}:${figure.metric}`;
    const points = series.get(key) ?? [];
    points.push({ at: figure.at, value: checkedValue(figure) });
    series.set(key, points);
  };
  perDay.forEach(add);
  const fromDays = new Set(series.keys());
  readings.filter((row) => !fromDays.has(`${row.platform}:${row.metric}`)).forEach(add);
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
 * times and show a period's total, so each is compared with the median of the ones before it. Only
 * like with like: a series is one metric of one kind over periods of one length
 * ("youtube:views:total:28"), so a week's views never look like a fall from a month's, nor a change
 * ("+389") from a total.
 */
export async function screenshotFigures(db: DbOrTx, userId: string, today: string) {
  const series = new Map<string, ScreenshotPoint[]>();
  for (const figure of await findScreenshotFigures(db, userId, today)) {
    const key = `${figure.platform}:${figure.metric}:${figure.comparedAs}`;
    const point = { at: figure.at, value: checkedValue(figure), statedChange: figure.statedChange };
    series.set(key, [...(series.get(key) ?? []), point]);
  }
  return series;
}
