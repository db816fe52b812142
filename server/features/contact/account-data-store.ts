// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { contactMessages } from '../../db/schema/contact';

/** The address's messages to us, for an account that proved it owns the address. */
export async function exportMessagesFrom(db: Db, email: string) {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, email))
    .orderBy(asc(contactMessages.createdAt));
  return rows.map((row) => withoutColumns(row, ['readAt']));
}

export async function deleteMessagesFrom(tx: Tx, email: string) {
  await tx.delete(contactMessages).where(eq(contactMessages.email, email));
}
