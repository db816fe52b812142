import type pg from 'pg';
import { waitUntil } from './wait';

/**
 * Waits until no delivery job for this outbox row is waiting, retrying or running. After that nothing
 * more can be sent for it, so a test can count what arrived and know the count is final.
 */
export async function waitForDeliveryToSettle(pool: pg.Pool, outboxId: string, timeoutMs = 15_000) {
  await waitUntil(
    async () => {
      const { rows } = await pool.query(
        `SELECT 1 FROM pgboss.job WHERE name = 'outbox-delivery' AND data->>'outboxId' = $1
         AND state NOT IN ('completed', 'failed', 'cancelled')`,
        [outboxId],
      );
      return rows.length === 0;
    },
    timeoutMs,
    'the delivery jobs to finish',
  );
}
