import type pg from 'pg';
import { SIGNUPS_CHANNEL } from '../../server/features/waitlist/store';
import type { TestApp } from './app';

let visitor = 0;

/** A distinct client address per call, as distinct visitors behind the proxy would have (TRUST_PROXY). */
export function nextVisitorAddress(): string {
  visitor += 1;
  return `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
}

export function signUp(
  t: Pick<TestApp, 'request'>,
  body: unknown,
  headers: Record<string, string> = { 'x-forwarded-for': nextVisitorAddress() },
) {
  return t.request('/api/waitlist/signup', { method: 'POST', json: body, headers });
}

/**
 * Seeds signups directly (fast) up to `total`, keeping positions gap-free, and announces the new total
 * the way a signup does.
 */
export async function seedSignupsUpTo(pool: pg.Pool, total: number) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('INSERT INTO waitlist_counter (id, total) VALUES (1, 0) ON CONFLICT (id) DO NOTHING');
    const { rows } = await client.query<{ total: number }>(
      'SELECT total FROM waitlist_counter WHERE id = 1 FOR UPDATE',
    );
    await client.query(
      `INSERT INTO waitlist_signups (email, position, tier, signup_source)
       SELECT 'seeded-' || n || '@ballast.test', n,
         CASE WHEN n <= 50 THEN 'free' WHEN n <= 550 THEN 'lifetime_paid' ELSE 'waitlist' END, 'seed'
       FROM generate_series($1::int + 1, $2::int) AS n`,
      [rows[0]!.total, total],
    );
    await client.query('UPDATE waitlist_counter SET total = GREATEST(total, $1::int) WHERE id = 1', [total]);
    await client.query('SELECT pg_notify($1, $2)', [SIGNUPS_CHANNEL, String(total)]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export async function readCounters(t: Pick<TestApp, 'request'>) {
  const response = await t.request('/api/waitlist/counters');
  return (await response.json()) as { freeSpots: number; lifetimeSpots: number; totalSignups: number };
}

/** Notifications arrive asynchronously: polls the counters until they show `total` (or times out). */
export async function waitForTotal(t: Pick<TestApp, 'request'>, total: number, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counters = await readCounters(t);
    if (counters.totalSignups === total || Date.now() > deadline) return counters;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
