import type { RevenueEntry, RevenueFilters } from '@common/revenue';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';
import { FEES_JSON, PAID_JSON } from './store';

/** The first day of the month after 'YYYY-MM'. */
function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
}

/** The creator's entries matching the filters; each condition is a range of one of the table's indexes. */
function matching(userId: string, filters: RevenueFilters): SQL {
  const conditions = [sql`user_id = ${userId}`];
  if (filters.source) conditions.push(sql`source = ${filters.source}`);
  if (filters.month) {
    conditions.push(sql`date >= ${`${filters.month}-01`}::date AND date < ${nextMonth(filters.month)}::date`);
  }
  return sql.join(conditions, sql` AND `);
}

// Entries in pounds have no `paid` key at all, as the answer's schema has it.
const ENTRY_JSON = sql`(jsonb_build_object(
  'id', id, 'source', source, 'amount', amount::text, 'description', description, 'payer', payer,
  'date', date::text,
  'origin', origin, 'createdAt', to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  || CASE WHEN currency <> 'GBP' THEN jsonb_build_object('paid', ${PAID_JSON}::jsonb) ELSE '{}' END
  || CASE WHEN gross_amount IS NOT NULL THEN jsonb_build_object('fees', ${FEES_JSON}::jsonb) ELSE '{}' END)`;

type HistoryRow = { total_count: number; total_amount: string; entries: RevenueEntry[] };

/**
 * One page of the history table and the totals of everything the filters match, in one statement:
 * the totals and the page each read their own index range, and the page leaves PostgreSQL already in
 * the answer's shape.
 */
export async function findRevenueHistory(
  db: DbOrTx,
  userId: string,
  filters: RevenueFilters,
  page: { limit: number; offset: number },
) {
  const where = matching(userId, filters);
  const { rows } = await db.execute<HistoryRow>(sql`
    SELECT totals.total_count, totals.total_amount, page.entries
    FROM (
      SELECT count(*)::int AS total_count, round(coalesce(sum(amount), 0), 2)::text AS total_amount
      FROM ${revenueEntries} WHERE ${where}
    ) AS totals,
    LATERAL (
      SELECT coalesce(json_agg(${ENTRY_JSON} ORDER BY date DESC, created_at DESC, id DESC), '[]') AS entries
      FROM (
        SELECT id, source, amount, description, payer, date, origin, created_at, currency, paid_amount, rate,
               rate_date, rate_provisional, gross_amount, fee_amount
        FROM ${revenueEntries}
        WHERE ${where}
        ORDER BY date DESC, created_at DESC, id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}
      ) AS rows
    ) AS page`);
  const row = rows[0]!;
  return { totalCount: row.total_count, totalAmount: row.total_amount, entries: row.entries };
}

/** Every entry the filters match, newest first, for the CSV download. */
export async function findFilteredEntries(db: DbOrTx, userId: string, filters: RevenueFilters) {
  const { rows } = await db.execute<{
    date: string;
    source: string;
    amount: string;
    description: string | null;
    payer: string | null;
    currency: string;
    paid_amount: string | null;
    rate: string | null;
    rate_date: string | null;
    transaction_id: string | null;
    gross_amount: string | null;
    fee_amount: string | null;
  }>(
    sql`SELECT date::text AS date, source, amount::text AS amount, description, payer, currency,
               paid_amount::text AS paid_amount, rate::text AS rate, rate_date::text AS rate_date,
               transaction_id, gross_amount::text AS gross_amount, fee_amount::text AS fee_amount
        FROM ${revenueEntries}
        WHERE ${matching(userId, filters)} ORDER BY date DESC, created_at DESC, id DESC`,
  );
  return rows;
}
