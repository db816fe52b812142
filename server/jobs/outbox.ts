import type { Tx } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';
import { inTransaction, type Jobs, QUEUES } from './boss';
import type { OutboundMessage } from './outbound-message';

/** About an hour of exponential backoff: 5 s × 2^n (× 1–2 jitter) over 8 retries. */
export const DELIVERY_RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;

export type OutboxDeliveryJob = { outboxId: string };

/**
 * Records outbound messages and queues their delivery inside the caller's transaction: when the record
 * that caused them commits, so do they; when it rolls back, nothing is sent.
 */
export async function enqueueOutbound(jobs: Jobs, tx: Tx, messages: OutboundMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await tx
    .insert(outboxMessages)
    .values(messages.map((payload) => ({ channel: payload.channel, payload })))
    .returning({ id: outboxMessages.id });
  for (const { id } of rows) {
    await jobs.send(QUEUES.outboxDelivery, { outboxId: id } satisfies OutboxDeliveryJob, {
      ...DELIVERY_RETRY,
      db: inTransaction(tx),
    });
  }
  return rows.map((row) => row.id);
}
