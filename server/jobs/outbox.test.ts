import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { ignoreDroppedConnection } from '../../tests/support/pool-errors';
import { connectDatabase, type DatabaseConnection } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';
import { DELIVERY_RETRY, type Jobs, QUEUES, startJobs } from './boss';
import { enqueueOutbound } from './outbox';

let testDatabase: TestDatabase;
let database: DatabaseConnection;
let jobs: Jobs;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase(testDatabase.url, { onError: ignoreDroppedConnection });
  jobs = await startJobs(testDatabase.url);
});

afterAll(async () => {
  await jobs.stop({ graceful: false, wait: true });
  await database.close();
  await testDatabase.drop();
});

async function queuedJobsFor(outboxId: string) {
  const { rows } = await database.pool.query<{ retry_limit: number; retry_backoff: boolean }>(
    `SELECT retry_limit, retry_backoff FROM pgboss.job WHERE name = $1 AND data->>'outboxId' = $2`,
    [QUEUES.outboxDelivery, outboxId],
  );
  return rows;
}

describe('enqueueOutbound', () => {
  it('records the message and queues its delivery in the same transaction', async () => {
    const [id] = await database.db.transaction((tx) =>
      enqueueOutbound(jobs, tx, [
        { channel: 'crm', path: '/api/v1/waitlist', body: { email: 'a@b.co', source: 'waitlist' } },
      ]),
    );
    const [row] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id!));
    expect(row).toMatchObject({ channel: 'crm', status: 'pending', attempts: 0 });
    expect(await queuedJobsFor(id!)).toEqual([
      { retry_limit: DELIVERY_RETRY.retryLimit, retry_backoff: true },
    ]);
  });

  it('leaves neither a row nor a job behind when the transaction rolls back', async () => {
    let enqueued: string[] = [];
    await expect(
      database.db.transaction(async (tx) => {
        enqueued = await enqueueOutbound(jobs, tx, [
          { channel: 'email', template: 'magic-link', to: 'a@b.co', url: 'http://x/y' },
        ]);
        throw new Error('the record that caused it failed');
      }),
    ).rejects.toThrow('the record that caused it failed');
    expect(enqueued).toHaveLength(1);
    const rows = await database.db.select().from(outboxMessages).where(eq(outboxMessages.id, enqueued[0]!));
    expect(rows).toEqual([]);
    expect(await queuedJobsFor(enqueued[0]!)).toEqual([]);
  });
});
