import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Addresses that asked not to get waitlist emails again (the unsubscribe link). Kept apart from the
 * waitlist itself so that unsubscribing works for any address an email went to, signed up or not.
 */
export const emailSuppressions = pgTable('email_suppressions', {
  /** Trimmed and lower-cased. */
  email: text().primaryKey(),
  /** unsubscribe-link or one-click (the mail provider's List-Unsubscribe-Post). */
  reason: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where emails go when no transport is configured (development, or a deployment without email): every
 * message is kept here and logged, never dropped.
 */
export const devMailbox = pgTable('dev_mailbox', {
  id: uuid().primaryKey().defaultRandom(),
  outboxId: uuid().notNull(),
  from: text().notNull(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text().notNull(),
  headers: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
