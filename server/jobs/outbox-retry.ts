import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inTransaction, type Jobs, QUEUES } from './boss';
import { OUTBOX_WAKE_UP_CHANNEL, type OutboxDeliveryJob } from './outbox';
import { resetFailedOutboxMessages } from './outbox-store';

/**
 * The operator's retry: failed messages (all of them, or the ids given) go back to pending with a fresh
 * delivery job and a full set of retries. Both happen in one transaction, so a message is never pending
 * without a job. Answers the ids queued again.
 */
export async function retryFailedOutboxMessages(jobs: Jobs, db: Db, ids?: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const reset = await resetFailedOutboxMessages(tx, ids);
    for (const id of reset) {
      await jobs.send(QUEUES.outboxDelivery, { outboxId: id } satisfies OutboxDeliveryJob, {
        db: inTransaction(tx),
      });
    }
    if (reset.length > 0) await tx.execute(sql`SELECT pg_notify(${OUTBOX_WAKE_UP_CHANNEL}, '')`);
    return reset;
  });
}
