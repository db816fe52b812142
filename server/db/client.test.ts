import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { waitUntil } from '../../tests/support/wait';
import { connectDatabase } from './client';

let testDatabase: TestDatabase;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
});

afterAll(async () => {
  await testDatabase?.drop();
});

it('reports a pooled connection that fails while idle, and keeps serving', async () => {
  const errors: Error[] = [];
  const database = connectDatabase(testDatabase.url, { max: 2, onError: (error) => errors.push(error) });
  try {
    const { rows } = await database.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const killer = connectDatabase(testDatabase.url, { max: 1, onError: () => {} });
    await killer.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await killer.close();
    await waitUntil(() => errors.length > 0, 5_000, 'the pool error to be reported');
    expect(errors[0]!.message).toMatch(/terminat/i);
    expect((await database.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await database.close();
  }
});
