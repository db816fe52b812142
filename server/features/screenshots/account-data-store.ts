// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { screenshots } from '../../db/schema/screenshots';

export async function exportScreenshotData(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(screenshots)
    .where(eq(screenshots.userId, userId))
    .orderBy(asc(screenshots.createdAt));
  return rows.map((row) => withoutColumns(row, ['userId', 'storedName']));
}
