import type { RevenueSource } from '@common/revenue';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';

/** How many names the entry form offers back under "From". */
const PAYERS_OFFERED = 50;

/** Who has paid the creator, as they named them, the most recently paid first: the form offers them again. */
export async function findPayers(db: DbOrTx, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ payer: string }>(sql`
    SELECT payer FROM ${revenueEntries} WHERE user_id = ${userId} AND payer IS NOT NULL
    GROUP BY payer ORDER BY max(date) DESC, payer LIMIT ${PAYERS_OFFERED}`);
  return rows.map((row) => row.payer);
}

/** Money of the income window, by who paid and in what currency, in pence of pounds. */
export type PaidBy = { source: RevenueSource; payer: string | null; currency: string; pence: number };

/**
 * The window's revenue (the months `firstMonth` to `lastMonth`, 'YYYY-MM') summed by source, payer and
 * currency: what the health check's concentration by payer and exposure by currency read.
 */
export async function findPaidBy(
  db: DbOrTx,
  userId: string,
  window: { firstMonth: string; lastMonth: string },
): Promise<PaidBy[]> {
  const { rows } = await db.execute<{
    source: RevenueSource;
    payer: string | null;
    currency: string;
    pence: string;
  }>(sql`
    SELECT source, payer, currency, (sum(amount) * 100)::bigint::text AS pence
    FROM ${revenueEntries}
    WHERE user_id = ${userId} AND date >= ${`${window.firstMonth}-01`}::date
      AND date < (${`${window.lastMonth}-01`}::date + interval '1 month')
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  return rows.map((row) => ({ ...row, pence: Number(row.pence) }));
}
