import type { RevenueSource } from '@common/revenue';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueSourceNames } from '../../db/schema/revenue-import';

/** The creator's remembered names among `names` (compared as `nameKey` gives them). */
export async function findSourceNames(
  db: DbOrTx,
  userId: string,
  names: string[],
): Promise<Map<string, RevenueSource>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .select({ name: revenueSourceNames.name, source: revenueSourceNames.source })
    .from(revenueSourceNames)
    .where(and(eq(revenueSourceNames.userId, userId), inArray(revenueSourceNames.name, names)));
  return new Map(rows.map((row) => [row.name, row.source]));
}

/** Remembers (or changes) what each name means for this creator. */
export async function saveSourceNames(
  db: DbOrTx,
  userId: string,
  names: Map<string, RevenueSource>,
): Promise<void> {
  if (names.size === 0) return;
  await db
    .insert(revenueSourceNames)
    .values([...names].map(([name, source]) => ({ userId, name, source })))
    .onConflictDoUpdate({
      target: [revenueSourceNames.userId, revenueSourceNames.name],
      set: { source: sql`excluded.source`, updatedAt: sql`now()` },
    });
}
