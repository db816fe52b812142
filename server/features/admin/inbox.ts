import { ADMIN_PAGE_SIZE, type AdminContactMessage, type AdminContactMessages } from '@common/admin';
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';
import { notFound } from '../../errors';

const toMessage = (row: typeof contactMessages.$inferSelect): AdminContactMessage => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The contact form's messages, newest first, with how many are unread. */
export async function findContactMessages(
  db: Db,
  page: number,
  isUnreadOnly: boolean,
): Promise<AdminContactMessages> {
  const where = isUnreadOnly ? isNull(contactMessages.readAt) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) FILTER (WHERE ${contactMessages.readAt} IS NULL)::int`,
      })
      .from(contactMessages),
  ]);
  return {
    messages: rows.map(toMessage),
    total: isUnreadOnly ? (totals?.unread ?? 0) : (totals?.total ?? 0),
    unread: totals?.unread ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Marks a message read (keeping the first time it was read) or unread again. */
export async function setContactMessageRead(
  db: DbOrTx,
  id: string,
  isRead: boolean,
): Promise<AdminContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: isRead ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound('That message');
  return toMessage(row);
}
