import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';
import type { OutboundMessage } from '../integrations/outbound-message';
import { inTransaction, type Jobs, QUEUES } from './boss';

export type OutboxDeliveryJob = { outboxId: string };

/** PostgreSQL sends this notification at commit; delivery workers listening for it fetch at once. */
export const OUTBOX_WAKE_UP_CHANNEL = 'outbox_delivery_wake_up';

/**
 * Records outbound messages and queues their delivery inside the caller's transaction: when the record
 * that caused them commits, so do they; when it rolls back, nothing is sent. Retries and backoff are
 * the queue's settings (DELIVERY_RETRY in boss.ts).
 */
export async function enqueueOutbound(jobs: Jobs, tx: Tx, messages: OutboundMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outboxMessages)
    .values(messages.map((payload) => ({ channel: payload.channel, payload })))
    .returning({ id: outboxMessages.id });
  // One statement for all the jobs (pg-boss's bulk insert still applies the queue's retry settings):
  // a batch of waitlist signups queues hundreds at once, inside a transaction others are waiting on.
  await jobs.insert(
    rows.map(({ id }) => ({
      name: QUEUES.outboxDelivery,
      data: { outboxId: id } satisfies OutboxDeliveryJob,
    })),
    { db: inTransaction(tx) },
  );
  await tx.execute(sql`SELECT pg_notify(${OUTBOX_WAKE_UP_CHANNEL}, '')`);
  return rows.map((row) => row.id);
}
