import { monthsBefore, monthsFrom } from '@common/calendar';
import { INCOME_WINDOW_MONTHS, type MonthlyIncome } from '@common/monthly-income';
import type { RevenueSource } from '@common/revenue';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The creator's monthly income, with what it was made of, for every feature that states or scores it. */
export type IncomeWindow = {
  /** 'YYYY-MM' of the first and last complete months averaged; null when none has entries. */
  firstMonth: string | null;
  lastMonth: string | null;
  /** Complete months averaged: the window's months from the creator's first entry on. */
  months: number;
  /** Pence a month: the window's total over `months` (0 with none). */
  pencePerMonth: number;
  /** Pence per source over the whole window (shares are the same whatever the divisor). */
  penceBySource: Partial<Record<RevenueSource, number>>;
  entryCount: number;
  /** The month `today` falls in, and pence received in it up to now: shown, never averaged. */
  currentMonth: string;
  soFarPence: number;
};

type Row = { source: string | null; pence: string; entries: number; first_month: string | null };

/**
 * The one monthly income (docs/scoring.md#monthly-income): the last three complete London months
 * before `today`'s month. Months before the creator's first entry are not counted as £0 (they had not
 * started recording); a month after it with nothing in is a real £0. Summed in PostgreSQL.
 */
export async function findIncomeWindow(db: DbOrTx, userId: string, today: string): Promise<IncomeWindow> {
  const { rows } = await db.execute<Row>(sql`
    WITH bounds AS (
      SELECT date_trunc('month', ${today}::date)::date AS month_start,
             (date_trunc('month', ${today}::date) - make_interval(months => ${INCOME_WINDOW_MONTHS}))::date AS window_start
    ),
    first_entry AS (
      SELECT date_trunc('month', min(date))::date AS month FROM revenue_entries WHERE user_id = ${userId}
    )
    SELECT CASE WHEN e.date < b.month_start THEN e.source ELSE NULL END AS source,
           (sum(e.amount) * 100)::bigint::text AS pence, count(*)::int AS entries,
           to_char(greatest(b.window_start, (SELECT month FROM first_entry)), 'YYYY-MM') AS first_month
    FROM revenue_entries e CROSS JOIN bounds b
    WHERE e.user_id = ${userId} AND e.date >= b.window_start AND e.date <= ${today}::date
    GROUP BY 1, b.window_start`);
  const currentMonth = today.slice(0, 7);
  const window = rows.filter((row) => row.source !== null);
  const soFarPence = Number(rows.find((row) => row.source === null)?.pence ?? 0);
  const lastMonth = monthsBefore(currentMonth, 1);
  const firstMonth = window.length > 0 ? (window[0]!.first_month ?? null) : null;
  const months = firstMonth ? monthsFrom(firstMonth, lastMonth) : 0;
  const totalPence = window.reduce((sum, row) => sum + Number(row.pence), 0);
  return {
    firstMonth,
    lastMonth: firstMonth ? lastMonth : null,
    months,
    pencePerMonth: months > 0 ? Math.round(totalPence / months) : 0,
    penceBySource: Object.fromEntries(window.map((row) => [row.source, Number(row.pence)])),
    entryCount: window.reduce((sum, row) => sum + row.entries, 0),
    currentMonth,
    soFarPence,
  };
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** The monthly income as the screens receive it (pounds as decimal strings). */
export function toMonthlyIncome(window: IncomeWindow): MonthlyIncome {
  return {
    amount: pounds(window.pencePerMonth),
    firstMonth: window.firstMonth,
    lastMonth: window.lastMonth,
    months: window.months,
    currentMonth: window.currentMonth,
    soFar: pounds(window.soFarPence),
  };
}
