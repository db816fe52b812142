import { BUSINESS_TIME_ZONE, monthOf, monthsBefore, monthsFrom } from '@common/calendar';
import { INCOME_WINDOW_MONTHS, type MonthlyIncome } from '@common/monthly-income';
import { pendingMonthSentence } from '@common/pending-months';
import type { RevenueSource } from '@common/revenue';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { lastMonthIn, type PendingStream, pendingStreams, type SourceMonth } from './arrivals';

/** The creator's monthly income, with what it was made of, for every feature that states or scores it. */
export type IncomeWindow = {
  /** 'YYYY-MM' of the first and last months averaged (complete, every stream in); null when none has entries. */
  firstMonth: string | null;
  lastMonth: string | null;
  /** Complete months averaged: the window's months from the creator's first entry on. */
  months: number;
  /** Pence a month: the window's total over `months` (0 with none). */
  pencePerMonth: number;
  /** Pence per source over the whole window (shares are the same whatever the divisor). */
  penceBySource: Partial<Record<RevenueSource, number>>;
  entryCount: number;
  /** Complete months after the window with streams not in yet, each with what is recorded of it. */
  pending: { month: string; recordedPence: number; streams: PendingStream[] }[];
  /** Every stream awaited or missing in the latest complete months, whether or not its month is averaged. */
  pendingStreams: PendingStream[];
  /** The month `today` falls in, and pence received in it up to now: shown, never averaged. */
  currentMonth: string;
  soFarPence: number;
};

type Row = {
  source: RevenueSource;
  month: string;
  pence: string;
  entries: number;
  first_recorded: string;
  first_month: string;
};

/** Months of each source read: the window and what arrivals are learnt from (arrivals.ts). */
const MONTHS_READ = 15;

/**
 * The one monthly income (docs/scoring.md#monthly-income): the last three months whose streams are
 * all in, before `today`'s month. A month with a stream still awaited (or missing) is left out of the
 * average and shown apart, never counted as £0. Months before the creator's first entry are not
 * counted as £0 (they had not started recording); a month after it with nothing in is a real £0.
 * Summed per source and month in PostgreSQL.
 */
export async function findIncomeWindow(db: DbOrTx, userId: string, today: string): Promise<IncomeWindow> {
  const currentMonth = monthOf(today);
  const { rows } = await db.execute<Row>(sql`
    SELECT source, to_char(date, 'YYYY-MM') AS month, (sum(amount) * 100)::bigint::text AS pence,
           count(*)::int AS entries,
           min((created_at AT TIME ZONE ${BUSINESS_TIME_ZONE})::date)::text AS first_recorded,
           (SELECT to_char(min(date), 'YYYY-MM') FROM revenue_entries WHERE user_id = ${userId}) AS first_month
    FROM revenue_entries
    WHERE user_id = ${userId} AND date >= ${`${monthsBefore(currentMonth, MONTHS_READ)}-01`}::date
      AND date <= ${today}::date
    GROUP BY 1, 2`);
  const months: SourceMonth[] = rows.map((row) => ({
    source: row.source,
    month: row.month,
    pence: Number(row.pence),
    entries: row.entries,
    firstRecorded: row.first_recorded,
  }));
  const pending = pendingStreams(months, today);
  const lastMonth = lastMonthIn(pending, today);
  const windowStart = monthsBefore(lastMonth, INCOME_WINDOW_MONTHS - 1);
  const firstEntry = rows[0]?.first_month ?? null;
  const from = firstEntry === null ? windowStart : max(windowStart, firstEntry);
  const inWindow = months.filter((row) => row.month >= from && row.month <= lastMonth);
  // No entry in the window: no month is averaged (the onboarding answers stand in).
  const firstMonth = inWindow.length > 0 ? from : null;
  const penceBySource: Partial<Record<RevenueSource, number>> = {};
  for (const row of inWindow) penceBySource[row.source] = (penceBySource[row.source] ?? 0) + row.pence;
  const totalPence = inWindow.reduce((sum, row) => sum + row.pence, 0);
  const count = firstMonth ? monthsFrom(firstMonth, lastMonth) : 0;
  const sum = (of: SourceMonth[]) => of.reduce((total, row) => total + row.pence, 0);
  return {
    firstMonth,
    lastMonth: firstMonth ? lastMonth : null,
    months: count,
    pencePerMonth: count > 0 ? Math.round(totalPence / count) : 0,
    penceBySource,
    entryCount: inWindow.reduce((total, row) => total + row.entries, 0),
    pending: [...new Set(pending.map((stream) => stream.month))]
      .filter((month) => month > lastMonth)
      .map((month) => ({
        month,
        recordedPence: sum(months.filter((row) => row.month === month)),
        streams: pending.filter((stream) => stream.month === month),
      })),
    pendingStreams: pending,
    currentMonth,
    soFarPence: sum(months.filter((row) => row.month === currentMonth)),
  };
}

const max = (a: string, b: string) => (a > b ? a : b);

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
    pending: window.pending.map(({ month, recordedPence, streams }) => {
      const pending = {
        month,
        recorded: pounds(recordedPence),
        streams: streams.map(({ source, state, usualPence, usuallyBy }) => ({
          source,
          state,
          usual: pounds(usualPence),
          usuallyBy,
        })),
      };
      return { ...pending, sentence: pendingMonthSentence(pending) };
    }),
  };
}
