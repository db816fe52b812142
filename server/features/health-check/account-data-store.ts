// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { healthChecks } from '../../db/schema/health';

export async function exportHealthCheckData(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(healthChecks)
    .where(eq(healthChecks.userId, userId))
    .orderBy(asc(healthChecks.createdAt));
  return rows.map((row) => withoutColumns(row, ['userId']));
}
