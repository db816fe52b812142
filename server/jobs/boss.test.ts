import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/support/database';
import { QUEUES, startJobs } from './boss';

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
