import { ADMIN_PAGE_SIZE } from '@common/admin';
import type { ContactMessageRequest } from '@common/contact-schemas';
import { and, count, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

export type ContactMessageKind = (typeof contactMessages.$inferSelect)['kind'];

export async function insertContactMessage(
  db: DbOrTx,
  message: ContactMessageRequest,
  senderId: string | null,
  kind: ContactMessageKind = 'message',
): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, kind, userId: senderId })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/** Whether the address asked for a strategy review on or after the London date `since` (YYYY-MM-DD). */
export async function hasStrategyReviewSince(db: DbOrTx, email: string, since: string): Promise<boolean> {
  const [earlier] = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.email, email),
        eq(contactMessages.kind, 'strategy_review'),
        gte(contactMessages.createdAt, sql`(${since}::date::timestamp AT TIME ZONE 'Europe/London')`),
      ),
    );
  return Boolean(earlier);
}

/** A message as the operators' inbox shows it (the sender's account stays out of it). */
export type InboxMessage = Omit<typeof contactMessages.$inferSelect, 'userId'> & { isPriority: boolean };

/**
 * Of these senders (signed-in accounts that sent messages), the ones whose plan gives them priority
 * support; billing answers it, so plans are read where they are kept.
 */
export type PrioritySenders = (senderIds: string[]) => Promise<Set<string>>;

/** One page of messages, priority ones first, then newest first, with how many there are and are unread. */
export async function findInboxPage(
  db: DbOrTx,
  options: { page: number; isUnreadOnly: boolean; prioritySenders: PrioritySenders },
) {
  const listed = options.isUnreadOnly ? isNull(contactMessages.readAt) : undefined;
  const senders = await db
    .selectDistinct({ userId: contactMessages.userId })
    .from(contactMessages)
    .where(and(isNotNull(contactMessages.userId), listed));
  const priority = await options.prioritySenders(senders.flatMap((row) => (row.userId ? [row.userId] : [])));
  const isPriority = sql<boolean>`(${contactMessages.kind} = 'strategy_review'
    OR coalesce(${contactMessages.userId} = ANY(${sql.param([...priority])}::text[]), false))`;
  const [messages, [totals]] = await Promise.all([
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
      .where(listed)
      .orderBy(desc(isPriority), desc(contactMessages.createdAt))
      .limit(ADMIN_PAGE_SIZE)
      .offset((options.page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) FILTER (WHERE ${contactMessages.readAt} IS NULL)::int`,
      })
      .from(contactMessages),
  ]);
  return { messages, total: totals?.total ?? 0, unread: totals?.unread ?? 0 };
}

/** Marks a message read (keeping the first time it was read) or unread again; null for an unknown id. */
export async function setInboxMessageRead(
  db: DbOrTx,
  id: string,
  isRead: boolean,
): Promise<InboxMessage | null> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: isRead ? sql`coalesce(${contactMessages.readAt}, now())` : null })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) return null;
  const { userId: _sender, ...message } = row;
  return { ...message, isPriority: false };
}

/** Every message sent with this address typed in the form, newest first, for the person's console page. */
export async function findMessagesByAddress(
  db: DbOrTx,
  email: string,
  prioritySenders: PrioritySenders,
): Promise<InboxMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.email, email))
    .orderBy(desc(contactMessages.createdAt))
    .limit(ADMIN_PAGE_SIZE);
  const priority = await prioritySenders(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
  return rows.map(({ userId, ...message }) => ({
    ...message,
    isPriority: message.kind === 'strategy_review' || (userId !== null && priority.has(userId)),
  }));
}

/** The address typed in each of these messages, for the audit log's names. */
export async function findMessageAddresses(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: contactMessages.id, email: contactMessages.email })
    .from(contactMessages)
    .where(sql`${contactMessages.id} = ANY(${sql.param(ids)}::uuid[])`);
  return new Map(rows.map((row) => [row.id, row.email]));
}
