import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';
import { withFigureChange } from '../../jobs/figure-changes';

/** What the alert scan is told of each write: YouTube's figures are synced, the creator's own are hers. */
const SYNCED = { isOwn: false };
const OWN = { isOwn: true };

/**
 * Revenue written by a platform's sync rather than typed: YouTube's estimated revenue, one YouTube Ads
 * entry per month, marked `origin = 'youtube'`. The one revenue write other features may import
 * (through public.ts); typed entries are never touched here except when the creator chooses
 * YouTube's figure over theirs for a month.
 */
export type SyncedMonth = {
  /** 'YYYY-MM' */
  month: string;
  /** Pounds as a decimal string, summed in PostgreSQL. */
  amount: string;
  /** The last day of the month YouTube has given figures for: the entry's date. */
  lastDay: string;
};

export const SYNCED_SOURCE = 'youtube_ads' as const;
const SYNCED_DESCRIPTION = 'Estimated revenue from YouTube Analytics';

const inMonth = (month: string) =>
  sql`${revenueEntries.date} >= ${`${month}-01`}::date
    AND ${revenueEntries.date} < (${`${month}-01`}::date + interval '1 month')`;

/**
 * Replaces the synced entry of each month given (YouTube revises its last days, so a month's figure
 * changes until it settles), in one transaction with whatever the caller writes alongside. Stamped
 * with the sync's time: when YouTube's figure for the month was last known.
 */
export async function replaceSyncedMonths(
  db: DbOrTx,
  userId: string,
  months: SyncedMonth[],
  recordedAt: Date,
) {
  if (months.length === 0) return;
  await withFigureChange(db, userId, SYNCED, async (tx) => {
    for (const { month, amount, lastDay } of months) {
      await removeSyncedMonth(tx, userId, month);
      await tx.insert(revenueEntries).values({
        userId,
        source: SYNCED_SOURCE,
        amount,
        description: SYNCED_DESCRIPTION,
        date: lastDay,
        origin: 'youtube',
        createdAt: recordedAt,
        updatedAt: recordedAt,
      });
    }
  });
}

/** Removes the synced entry of a month (the creator keeps their own figure instead). */
export async function removeSyncedMonth(db: DbOrTx, userId: string, month: string) {
  await withFigureChange(db, userId, SYNCED, (tx) =>
    tx
      .delete(revenueEntries)
      .where(and(eq(revenueEntries.userId, userId), eq(revenueEntries.origin, 'youtube'), inMonth(month))),
  );
}

/** The creator chose YouTube's figure for a month: their own YouTube Ads entries of it go. */
export async function removeTypedMonth(db: DbOrTx, userId: string, month: string) {
  await withFigureChange(db, userId, OWN, (tx) =>
    tx
      .delete(revenueEntries)
      .where(
        and(
          eq(revenueEntries.userId, userId),
          eq(revenueEntries.origin, 'typed'),
          eq(revenueEntries.source, SYNCED_SOURCE),
          inMonth(month),
        ),
      ),
  );
}

/** Typed YouTube Ads totals per month ('YYYY-MM' → pounds as text) since `fromMonth`. */
export async function typedMonthTotals(
  db: DbOrTx,
  userId: string,
  fromMonth: string,
): Promise<Map<string, { amount: string; entries: number }>> {
  const { rows } = await db.execute<{ month: string; amount: string; entries: number }>(sql`
    SELECT to_char(date, 'YYYY-MM') AS month, sum(amount)::text AS amount, count(*)::int AS entries
    FROM ${revenueEntries}
    WHERE user_id = ${userId} AND origin = 'typed' AND source = ${SYNCED_SOURCE}
      AND date >= ${`${fromMonth}-01`}::date
    GROUP BY 1`);
  return new Map(rows.map((row) => [row.month, { amount: row.amount, entries: row.entries }]));
}

/**
 * Disconnecting YouTube: its entries stay as the creator's history, now theirs to edit or delete,
 * since nothing will revise them any more.
 */
export async function releaseSyncedEntries(db: DbOrTx, userId: string) {
  await withFigureChange(db, userId, OWN, (tx) =>
    tx
      .update(revenueEntries)
      .set({ origin: 'typed', updatedAt: sql`now()` })
      .where(and(eq(revenueEntries.userId, userId), eq(revenueEntries.origin, 'youtube'))),
  );
}
