// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { alerts } from '../../db/schema/alerts';

export async function exportAlertData(db: Db, userId: string) {
  const rows = await db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(asc(alerts.createdAt));
  return rows.map((row) => withoutColumns(row, ['userId']));
}
