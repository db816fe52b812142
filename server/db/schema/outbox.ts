import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OutboundMessage } from '../../integrations/outbound-message';

/**
 * - pending: waiting for (another) delivery attempt.
 * - delivered: handed to the transport or the external data service; `deliveredVia` says which.
 * - skipped: deliberately not sent (address unsubscribed, external data service not configured); `note` says why.
 * - failed: gave up after every retry, or the failure cannot heal by itself; kept for operators to retry.
 */
export type OutboxStatus = 'pending' | 'delivered' | 'skipped' | 'failed';

/**
 * Everything the app sends out (emails, copies to the external data service) is written here in the
 * same transaction as the record that caused it, then delivered by the `outbox-delivery` queue.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text().$type<OutboundMessage['channel']>().notNull(),
    payload: jsonb().$type<OutboundMessage>().notNull(),
    status: text().$type<OutboxStatus>().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /** smtp, emailjs, dev-mailbox or crm. */
    deliveredVia: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.status, table.createdAt),
    // The console's look-up of everything sent to one address (a person's page, Deliveries' search).
    index('outbox_messages_recipient_idx').on(sql`(${table.payload}->>'to')`, table.createdAt),
  ],
);
