import type { Paid } from '@common/revenue';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';
import { noteFigureChange } from '../../jobs/figure-changes';

export type ProvisionalEntry = { id: string; userId: string; amount: string; currency: string; date: string };

/** Provisional entries after `after` (by date, then id), a batch at a time, oldest first. */
export async function findProvisionalEntries(
  db: DbOrTx,
  after: { date: string; id: string } | null,
  limit: number,
): Promise<ProvisionalEntry[]> {
  const { rows } = await db.execute<ProvisionalEntry>(sql`
    SELECT id, user_id AS "userId", paid_amount::text AS amount, currency, date::text AS date
    FROM ${revenueEntries}
    WHERE rate_provisional
      ${after ? sql`AND (date, id) > (${after.date}::date, ${after.id}::uuid)` : sql``}
    ORDER BY date, id LIMIT ${limit}`);
  return rows;
}

/**
 * The new value of a provisional entry, written only while it is still provisional and still the same
 * payment (an edit in between has valued it already), and only when it changes: the rates job runs this
 * twice a day for every provisional entry. A change is noted for the alert scan.
 */
export async function revalueEntry(db: DbOrTx, entry: ProvisionalEntry, pounds: string, paid: Paid) {
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute(sql`
      UPDATE ${revenueEntries}
      SET amount = ${pounds}, rate = ${paid.rate}, rate_date = ${paid.rateDate},
          rate_provisional = ${paid.provisional}, updated_at = now()
      WHERE id = ${entry.id} AND rate_provisional AND currency = ${entry.currency}
        AND paid_amount = ${entry.amount} AND date = ${entry.date}
        AND (amount, rate, rate_date, rate_provisional) IS DISTINCT FROM
            (${pounds}::numeric, ${paid.rate}::numeric, ${paid.rateDate}::date, ${paid.provisional})
      RETURNING id`);
    if (rows.length > 0) await noteFigureChange(tx, entry.userId, { isOwn: true });
  });
}

/** The currencies other than pounds the creator has entries in, the most used first. */
export async function usedCurrencies(db: DbOrTx, userId: string): Promise<string[]> {
  const { rows } = await db.execute<{ currency: string }>(sql`
    SELECT currency FROM ${revenueEntries} WHERE user_id = ${userId} AND currency <> 'GBP'
    GROUP BY currency ORDER BY count(*) DESC, currency`);
  return rows.map((row) => row.currency);
}
