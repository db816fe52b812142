import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Messages from the contact form, kept for the operators (replies, the console). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    /** A contact form message, or a Mastermind creator's monthly strategy review request. */
    kind: text().$type<'message' | 'strategy_review'>().notNull().default('message'),
    /**
     * The signed-in account that sent it, if any. Priority support follows the sender's plan, never the
     * address typed into the form (anyone can type anyone's address).
     */
    userId: text().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When an operator opened it in the console's inbox; unread while null. */
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.createdAt)],
);
