// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { revenueEntries } from '../../db/schema/revenue';
import { revenueSourceNames } from '../../db/schema/revenue-import';

export async function exportRevenueData(db: Db, userId: string) {
  const [entries, sourceNames] = await Promise.all([
    db
      .select()
      .from(revenueEntries)
      .where(eq(revenueEntries.userId, userId))
      .orderBy(asc(revenueEntries.date)),
    db
      .select({ name: revenueSourceNames.name, source: revenueSourceNames.source })
      .from(revenueSourceNames)
      .where(eq(revenueSourceNames.userId, userId))
      .orderBy(asc(revenueSourceNames.name)),
  ]);
  return {
    revenueEntries: entries.map((row) => withoutColumns(row, ['userId'])),
    /** The creator's own names for their income, as their CSV imports remember them. */
    revenueSourceNames: sourceNames,
  };
}
