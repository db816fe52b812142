import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { waitUntil } from '../../../tests/support/wait';
import { readCounters, signUp, waitForTotal } from '../../../tests/support/waitlist';
import { LISTENER_APPLICATION_NAME } from './counters';

/** Two app instances on one database, as behind a load balancer. */
let database: TestDatabase;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // Each app drops its database on close; this one is shared, so it is dropped here instead.
  const shared = { ...database, drop: async () => {} };
  first = await startTestApp({ testDatabase: shared, env: { TRUST_PROXY: 'true' } });
  second = await startTestApp({ testDatabase: shared, env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

async function listenerConnections(): Promise<number> {
  const { rows } = await first.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
    [LISTENER_APPLICATION_NAME],
  );
  return rows[0]!.n;
}

describe('positions across instances', () => {
  it('stay unique and gap-free when both instances take signups at once, the same emails included', async () => {
    const before = (await readCounters(first)).totalSignups;
    const emails = Array.from({ length: 100 }, (_, index) => `both.${index}@ballast.test`);
    // Every email is sent to both instances at the same time.
    const bodies = await Promise.all(
      emails.flatMap((email) =>
        [first, second].map(async (app) => {
          const response = await signUp(app, { email });
          expect(response.status).toBe(200);
          return { email, ...((await response.json()) as { position: number }) };
        }),
      ),
    );
    for (const email of emails) {
      const answers = bodies.filter((body) => body.email === email);
      expect(new Set(answers.map((answer) => answer.position)).size).toBe(1);
    }
    const positions = [...new Set(bodies.map((body) => body.position))].sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: 100 }, (_, index) => before + index + 1));
    const { rows } = await first.database.pool.query<{ n: number; max: number }>(
      'SELECT count(*)::int AS n, max(position) AS max FROM waitlist_signups',
    );
    expect(rows[0]).toEqual({ n: before + 100, max: before + 100 });
    expect((await waitForTotal(second, before + 100)).totalSignups).toBe(before + 100);
    expect((await waitForTotal(first, before + 100)).totalSignups).toBe(before + 100);
  });
});

describe('counters across instances', () => {
  it('refreshes every instance after a signup on any of them', async () => {
    const start = (await readCounters(first)).totalSignups;
    expect((await readCounters(second)).totalSignups).toBe(start);

    await signUp(first, { email: 'one@ballast.test' });
    // The instance that took the signup counts it at once; the other hears of it by notification.
    expect((await readCounters(first)).totalSignups).toBe(start + 1);
    expect((await waitForTotal(second, start + 1)).totalSignups).toBe(start + 1);

    await signUp(second, { email: 'two@ballast.test' });
    expect((await waitForTotal(first, start + 2)).totalSignups).toBe(start + 2);
  });

  it('reconnects its listener when the connection drops, and catches up on what it missed', async () => {
    await waitUntil(async () => (await listenerConnections()) === 2, 10_000, 'both counter listeners');
    const start = (await readCounters(second)).totalSignups;

    await first.database.pool.query(
      'SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    // Signed up while nobody is listening: no notification reaches the second instance for this one.
    await signUp(first, { email: 'missed@ballast.test' });

    await waitUntil(async () => (await listenerConnections()) === 2, 10_000, 'both counter listeners');
    expect((await waitForTotal(second, start + 1)).totalSignups).toBe(start + 1);

    // And it hears new signups again.
    await signUp(first, { email: 'after-reconnect@ballast.test' });
    expect((await waitForTotal(second, start + 2)).totalSignups).toBe(start + 2);
  });
});
