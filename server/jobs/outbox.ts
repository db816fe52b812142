import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';
import type { OutboundMessage } from '../integrations/outbound-message';
import { inTransaction, type Jobs, QUEUES } from './boss';
import { countHit } from './limits-store';
import { insertSkippedOutbox } from './outbox-store';
import { overLimitNote, RECIPIENT_LIMIT_WINDOW_MS, recipientLimitOf } from './recipient-limits';

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
  // The rows and the wake-up in one statement (PostgreSQL sends one notification per channel and
  // payload at commit): a signup's transaction is one round trip shorter. The ids are made here, so
  // they stay in the order of the messages.
  const ids = messages.map(() => randomUUID());
  await tx.execute(sql`
    WITH added AS (
      INSERT INTO ${outboxMessages} (id, channel, payload)
      SELECT * FROM unnest(${sql.param(ids)}::uuid[],
                           ${sql.param(messages.map((message) => message.channel))}::text[],
                           ${sql.param(messages.map((message) => JSON.stringify(message)))}::jsonb[])
      RETURNING id
    )
    SELECT pg_notify(${OUTBOX_WAKE_UP_CHANNEL}, '') FROM (SELECT 1 FROM added LIMIT 1) AS any_added`);
  // One statement for all the jobs (pg-boss's bulk insert still applies the queue's retry settings):
  // a batch of waitlist signups queues hundreds at once, inside a transaction others are waiting on.
  await jobs.insert(
    ids.map((id) => ({
      name: QUEUES.outboxDelivery,
      data: { outboxId: id } satisfies OutboxDeliveryJob,
    })),
    { db: inTransaction(tx) },
  );
  return ids;
}

/**
 * `enqueueOutbound` for messages a stranger can cause: each email whose kind has a per-recipient limit
 * (recipient-limits.ts) counts against its address's hour, by the caller's clock, in the caller's
 * transaction. One over the limit is not queued: it is written as `skipped` with a note saying why, so
 * operators can see it, and the caller answers as if it had been sent (nobody learns which addresses
 * have accounts). Answers the ids of the messages queued.
 */
export async function enqueueOutboundWithinLimits(
  jobs: Jobs,
  tx: Tx,
  messages: OutboundMessage[],
  now: Date,
): Promise<string[]> {
  const queued: OutboundMessage[] = [];
  const skipped: { message: OutboundMessage; note: string }[] = [];
  for (const message of messages) {
    const limit = recipientLimitOf(message);
    const hits = limit ? (await countHit(tx, limit.key, RECIPIENT_LIMIT_WINDOW_MS, now)).hits : 0;
    if (limit && hits > limit.max) skipped.push({ message, note: overLimitNote(limit) });
    else queued.push(message);
  }
  await insertSkippedOutbox(tx, skipped);
  return enqueueOutbound(jobs, tx, queued);
}
