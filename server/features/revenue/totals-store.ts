import type { RevenueSource } from '@common/revenue';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';

/**
 * For the alert scan, money paid in another currency is valued at one rate per currency, the rate of the
 * creator's latest entry in it, so months compare as paid: a change in exchange rates alone never
 * looks like a fall (decision 047). Pounds stay pounds.
 */
const atOneRate = (userId: string) =>
  sql`WITH one_rate AS (
    SELECT DISTINCT ON (currency) currency, rate FROM revenue_entries
    WHERE user_id = ${userId} AND currency <> 'GBP' ORDER BY currency, date DESC, created_at DESC
  )`;
const AMOUNT_AT_ONE_RATE = sql`round(sum(CASE WHEN e.currency = 'GBP' THEN e.amount
  ELSE round(e.paid_amount * one_rate.rate, 2) END), 2)::text`;

/**
 * A source's total for one month ('YYYY-MM'), in pounds as decimal strings summed in PostgreSQL: `total`
 * at one rate per currency (what the alerts judge), `valued` at each entry's own date's rate (what the
 * creator's totals show). The two differ only by what exchange rates did.
 */
export type SourceMonthTotal = { source: RevenueSource; month: string; total: string; valued: string };

/**
 * Totals per source and month for dates from `fromDate` up to (not including) `beforeDate`, oldest
 * first: the alert scan judges a source's latest complete month against those before it.
 */
export async function sourceMonthTotals(
  db: DbOrTx,
  userId: string,
  fromDate: string,
  beforeDate: string,
): Promise<SourceMonthTotal[]> {
  const { rows } = await db.execute<SourceMonthTotal>(sql`
    ${atOneRate(userId)}
    SELECT source, to_char(date, 'YYYY-MM') AS month, ${AMOUNT_AT_ONE_RATE} AS total,
      sum(e.amount)::text AS valued
    FROM revenue_entries e LEFT JOIN one_rate USING (currency)
    WHERE user_id = ${userId} AND date >= ${fromDate}::date AND date < ${beforeDate}::date
    GROUP BY source, month ORDER BY month`);
  return rows;
}

/**
 * Typed totals per source and month for dates from `fromDate` to `today`, counting only days 1 to
 * today's day of each month (the same stretch of every month), oldest first: the month's pace. YouTube's
 * synced entry holds a whole month on one date, so it is left out.
 */
export async function sourceMonthToDateTotals(
  db: DbOrTx,
  userId: string,
  fromDate: string,
  today: string,
): Promise<SourceMonthTotal[]> {
  const { rows } = await db.execute<SourceMonthTotal>(sql`
    ${atOneRate(userId)}
    SELECT source, to_char(date, 'YYYY-MM') AS month, ${AMOUNT_AT_ONE_RATE} AS total,
      sum(e.amount)::text AS valued
    FROM revenue_entries e LEFT JOIN one_rate USING (currency)
    WHERE user_id = ${userId} AND origin = 'typed'
      AND date >= ${fromDate}::date AND date <= ${today}::date
      AND extract(day FROM date) <= extract(day FROM ${today}::date)
    GROUP BY source, month ORDER BY month`);
  return rows;
}

/** How many entries of a source are dated in 'YYYY-MM'. */
export async function countSourceEntriesInMonth(
  db: DbOrTx,
  userId: string,
  source: RevenueSource,
  month: string,
) {
  const { rows } = await db.execute<{ count: number }>(sql`
    SELECT count(*)::int AS count FROM ${revenueEntries}
    WHERE user_id = ${userId} AND source = ${source} AND date >= ${`${month}-01`}::date
      AND date < (${`${month}-01`}::date + interval '1 month')`);
  return rows[0]!.count;
}
