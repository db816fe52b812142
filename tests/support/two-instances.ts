import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from './app';
import { createTestDatabase, type TestDatabase } from './database';

export type TwoInstances = { first: TestApp; second: TestApp };

/**
 * Two app instances on one database, as behind a load balancer, started before the calling file's tests
 * and stopped after them. Both get the same options; read `first` and `second` once the tests run.
 */
export function twoInstancesForThisFile(options: Omit<TestAppOptions, 'testDatabase'> = {}): TwoInstances {
  const instances = {} as TwoInstances;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // Each app drops its database on close; this one is shared, so it is dropped here instead.
    const shared = { ...database, drop: async () => {} };
    instances.first = await startTestApp({ ...options, testDatabase: shared });
    instances.second = await startTestApp({ ...options, testDatabase: shared });
  });
  afterAll(async () => {
    await instances.first?.close();
    await instances.second?.close();
    await database?.drop();
  });
  return instances;
}
