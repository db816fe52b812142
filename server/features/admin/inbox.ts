import { ADMIN_PAGE_SIZE, type AdminContactMessage, type AdminContactMessages } from '@common/admin';
import { PRIORITY_REPLY_HOURS } from '@common/plans';
import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';
import { notFound } from '../../errors';
import { userCoversSql } from '../billing/entitlements';

/**
 * Priority support (The Mastermind): a strategy review request, or a message a signed-in account on that
 * plan sent. Never the address typed into the form: the public form takes anyone's. Worked out as the
 * inbox is read, so it follows the plan.
 */
const isPriority = sql<boolean>`(contact_messages.kind = 'strategy_review' OR EXISTS (
  SELECT 1 FROM users sender
  WHERE sender.id = contact_messages.user_id AND ${userCoversSql(sql`sender`, 'prioritySupport')}))`;

type Row = Omit<typeof contactMessages.$inferSelect, 'userId'> & { isPriority?: boolean };

const toMessage = ({ isPriority: priority = false, ...row }: Row): AdminContactMessage => ({
  ...row,
  isPriority: priority,
  replyBy: priority
    ? new Date(row.createdAt.getTime() + PRIORITY_REPLY_HOURS * 3600 * 1000).toISOString()
    : null,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** The contact form's messages, priority ones first, then newest first, with how many are unread. */
export async function findContactMessages(
  db: Db,
  page: number,
  isUnreadOnly: boolean,
): Promise<AdminContactMessages> {
  const where = isUnreadOnly ? isNull(contactMessages.readAt) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        message: contactMessages.message,
        kind: contactMessages.kind,
        createdAt: contactMessages.createdAt,
        readAt: contactMessages.readAt,
        isPriority,
      })
      .from(contactMessages)
      .where(where)
      .orderBy(desc(isPriority), desc(contactMessages.createdAt))
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
