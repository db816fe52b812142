import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { waitUntil } from '../../tests/support/wait';
import { QUEUES, startJobs, work } from './boss';

describe('starting the job queue', () => {
  it('sets up its schema and queues when several instances start at once on a fresh database', async () => {
    for (let round = 0; round < 4; round++) {
      const database = await createTestDatabase({ isEmpty: true });
      try {
        const started = await Promise.allSettled([1, 2, 3].map(() => startJobs(database.url)));
        const failures = started.flatMap((result) =>
          result.status === 'rejected' ? [String(result.reason)] : [],
        );
        expect(failures, `round ${round}`).toEqual([]);
        const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
        for (const name of Object.values(QUEUES)) expect(await instances[0]!.getQueue(name)).toBeTruthy();
        await Promise.all(instances.map((jobs) => jobs.stop({ graceful: false, wait: true })));
      } finally {
        await database.drop();
      }
    }
  });
});

describe('a worker', () => {
  // pg-boss 10 marked a finished job completed without awaiting the call, so a completion the database
  // refused was an unhandled rejection that ended the process, and the job stayed active until it
  // expired. patches/pg-boss+10.4.2.patch awaits it (decision 049): the job is failed and retried.
  it('fails and retries a job whose completion the database refuses, and the process carries on', async () => {
    const database = await createTestDatabase();
    const jobs = await startJobs(database.url);
    try {
      const queue = 'completion-refused';
      await jobs.createQueue(queue, { name: queue, retryLimit: 1, retryDelay: 0 });
      const id = await jobs.send(queue, {});
      let attempts = 0;
      await work(jobs, queue, { pollingIntervalSeconds: 0.5 }, async () => {
        attempts += 1;
        // The first attempt's output holds a NUL character, which PostgreSQL's jsonb refuses.
        return attempts === 1 ? { note: 'nul \u0000' } : { note: 'fine' };
      });
      await waitUntil(
        async () => (await jobs.getJobById(queue, id!))?.state === 'completed',
        10_000,
        'the retried job to complete',
      );
      const job = await jobs.getJobById(queue, id!);
      expect({ attempts, retryCount: job?.retryCount, output: job?.output }).toEqual({
        attempts: 2,
        retryCount: 1,
        output: { note: 'fine' },
      });
    } finally {
      await jobs.stop({ graceful: false, wait: true });
      await database.drop();
    }
  });
});
