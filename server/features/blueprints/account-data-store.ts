// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { blueprints } from '../../db/schema/blueprints';

/** The rows as stored, oldest first: export-service.ts applies the plan before they leave. */
export async function findBlueprintRowsToExport(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(blueprints)
    .where(eq(blueprints.userId, userId))
    .orderBy(asc(blueprints.createdAt));
  return rows.map((row) => withoutColumns(row, ['userId']));
}
