import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { startTcpProxy } from '../../tests/support/tcp-proxy';
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

// drizzle-orm 0.45 sent `begin` before the try that releases a pooled connection, so a refused `begin`
// kept its connection checked out for good; patches/drizzle-orm+0.45.4.patch moves it inside (decision 049).
it('gives a transaction’s connection back, healthy, when PostgreSQL refuses its begin', async () => {
  const database = connectDatabase(testDatabase.url, { max: 1, onError: () => {} });
  try {
    const refused = { isolationLevel: 'nonsense' } as unknown as Parameters<
      typeof database.db.transaction
    >[1];
    const failure = await database.db
      .transaction((tx) => tx.execute(sql`SELECT 1`), refused)
      .catch((error) => error);
    expect(failure.message).toMatch(/^Failed query: begin isolation level nonsense/);
    expect(failure.cause.code).toBe('42601');
    expect({ total: database.pool.totalCount, idle: database.pool.idleCount }).toEqual({ total: 1, idle: 1 });
    const answer = await database.db.transaction(async (tx) => (await tx.execute(sql`SELECT 2 AS two`)).rows);
    expect(answer).toEqual([{ two: 2 }]);
  } finally {
    await database.close();
  }
});

it('gives a transaction’s connection back when its begin meets the deadline (a partition)', async () => {
  const direct = new URL(testDatabase.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
  const proxied = new URL(testDatabase.url);
  proxied.port = String(proxy.port);
  const database = connectDatabase(proxied.toString(), { max: 2, deadlineMs: 1_000, onError: () => {} });
  try {
    // An idle pooled connection, which the partition leaves open.
    await database.db.execute(sql`SELECT 1`);
    expect(database.pool.totalCount).toBe(1);
    proxy.stall();
    const failure = await database.db.transaction((tx) => tx.execute(sql`SELECT 1`)).catch((error) => error);
    expect(failure.message).toMatch(/^Failed query: begin/);
    expect(failure.cause.message).toMatch(/did not answer within 1 s/);
    // Not counted as in use for good: the broken connection is gone from the pool.
    expect(database.pool.totalCount).toBe(0);

    await proxy.restore();
    const answer = await database.db.transaction(async (tx) => (await tx.execute(sql`SELECT 2 AS two`)).rows);
    expect(answer).toEqual([{ two: 2 }]);
    expect(database.pool.idleCount).toBe(1);
  } finally {
    await proxy.restore();
    await database.close();
    await proxy.close();
  }
});
