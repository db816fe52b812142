import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every operator action in the console (exports, retries, bulletins, marking messages read): who, what,
 * when. Rows name their target by id, so the log keeps no creator's address once their account is gone.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    operatorEmail: text().notNull(),
    action: text().notNull(),
    /** The id of what was acted on, when there is one. */
    targetId: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.createdAt)],
);
