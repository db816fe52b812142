import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Tx } from '../db/client';

/** Every queue the app uses; all are created at start-up, before anything is sent to them. */
export const QUEUES = {
  outboxDelivery: 'outbox-delivery',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type Jobs = PgBoss;

export async function startJobs(
  url: string,
  options: { onError?: (error: Error) => void } = {},
): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name);
  }
  return boss;
}

/**
 * pg-boss's `db` option for `send`: runs its INSERT inside our Drizzle transaction, so a record and the
 * job that follows from it are committed together or not at all.
 */
export function inTransaction(tx: Tx): {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
      });
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}
