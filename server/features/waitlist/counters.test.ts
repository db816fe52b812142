import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/app';
import { twoInstancesForThisFile } from '../../../tests/support/two-instances';
import { waitUntil } from '../../../tests/support/wait';
import {
  confirmPlace,
  readCounters,
  signUp,
  signUpAndConfirm,
  waitForTotal,
} from '../../../tests/support/waitlist';
import { LISTENER_APPLICATION_NAME } from './counters';

// Two instances on one database, as behind a load balancer: they share the secret that signs emailed links.
const apps = twoInstancesForThisFile({
  env: { TRUST_PROXY: 'true', SESSION_SECRET: 'counters-test-secret-counters-test-secret-12' },
});
let first: TestApp;
let second: TestApp;
beforeAll(() => {
  ({ first, second } = apps);
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
    // Each email holds one place, at one of the positions it was answered; the places are gap-free.
    const { rows } = await first.database.pool.query<{ email: string; position: number }>(
      'SELECT email, position FROM waitlist_signups WHERE position > $1 ORDER BY position',
      [before],
    );
    expect(rows.map((row) => row.position)).toEqual(
      Array.from({ length: 100 }, (_, index) => before + index + 1),
    );
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
    for (const row of rows)
      expect(bodies.filter((body) => body.email === row.email).map((body) => body.position)).toContain(
        row.position,
      );
    // Held places count once confirmed, half through each instance.
    expect((await readCounters(first)).totalSignups).toBe(before);
    await Promise.all(emails.map((email, index) => confirmPlace(index % 2 ? first : second, email)));
    expect((await waitForTotal(second, before + 100)).totalSignups).toBe(before + 100);
    expect((await waitForTotal(first, before + 100)).totalSignups).toBe(before + 100);
  });
});

describe('counters across instances', () => {
  it('refreshes every instance after a place is kept on any of them', async () => {
    const start = (await readCounters(first)).totalSignups;
    expect((await readCounters(second)).totalSignups).toBe(start);

    // Both instances hear of it by notification, the one that kept it included.
    await signUpAndConfirm(first, { email: 'one@ballast.test' });
    expect((await waitForTotal(first, start + 1)).totalSignups).toBe(start + 1);
    expect((await waitForTotal(second, start + 1)).totalSignups).toBe(start + 1);

    await signUpAndConfirm(second, { email: 'two@ballast.test' });
    expect((await waitForTotal(first, start + 2)).totalSignups).toBe(start + 2);
  });

  it('reconnects its listener when the connection drops, and catches up on what it missed', async () => {
    await waitUntil(async () => (await listenerConnections()) === 2, 10_000, 'both counter listeners');
    // From where both instances agree: the second may not yet have heard of the last place kept before.
    const start = (await readCounters(first)).totalSignups;
    expect((await waitForTotal(second, start)).totalSignups).toBe(start);

    await first.database.pool.query(
      'SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    // Kept while nobody is listening: no notification reaches the second instance for this one.
    await signUpAndConfirm(first, { email: 'missed@ballast.test' });

    await waitUntil(async () => (await listenerConnections()) === 2, 10_000, 'both counter listeners');
    expect((await waitForTotal(second, start + 1)).totalSignups).toBe(start + 1);

    // And it hears new places kept again.
    await signUpAndConfirm(first, { email: 'after-reconnect@ballast.test' });
    expect((await waitForTotal(second, start + 2)).totalSignups).toBe(start + 2);
  });
});
