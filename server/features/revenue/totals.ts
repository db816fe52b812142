import type { RevenueSource } from '@common/revenue';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';

/**
 * Pence received per source on or after `fromDate`, and how many entries that is, for features that score from revenue (the health
 * check): the one revenue read other features may import (scripts/feature-boundaries.ts). Summed in
 * the database, so 10,000 entries cost one indexed aggregate.
 */
export async function revenueTotalsSince(
  db: DbOrTx,
  userId: string,
  fromDate: string,
): Promise<{ penceBySource: Partial<Record<RevenueSource, number>>; entryCount: number }> {
  const rows = await db
    .select({
      source: revenueEntries.source,
      pence: sql<string>`(sum(${revenueEntries.amount}) * 100)::bigint`,
      entries: sql<number>`count(*)::int`,
    })
    .from(revenueEntries)
    .where(and(eq(revenueEntries.userId, userId), gte(revenueEntries.date, fromDate)))
    .groupBy(revenueEntries.source);
  return {
    penceBySource: Object.fromEntries(rows.map((row) => [row.source, Number(row.pence)])),
    entryCount: rows.reduce((sum, row) => sum + row.entries, 0),
  };
}
