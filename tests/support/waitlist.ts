import type pg from 'pg';
import { SIGNUPS_CHANNEL } from '../../server/features/waitlist/store';
import type { TestApp } from './app';

let visitor = 0;

/**
 * A distinct client address per call, each on a network of its own, as distinct visitors behind the
 * proxy would have (TRUST_PROXY): signups from one network are flagged as a burst.
 */
export function nextVisitorAddress(): string {
  visitor += 1;
  return `10.${(visitor >> 8) & 255}.${visitor & 255}.${((visitor >> 16) & 255) + 1}`;
}

export function signUp(
  t: Pick<TestApp, 'request'>,
  body: unknown,
  headers: Record<string, string> = { 'x-forwarded-for': nextVisitorAddress() },
) {
  return t.request('/api/waitlist/signup', { method: 'POST', json: body, headers });
}

/**
 * Seeds kept (confirmed) places directly (fast) up to `total`, keeping positions gap-free, counts them
 * and announces the counts the way a confirmation does. Places already held are kept too, so the
 * counters then show every position up to `total` as taken.
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
      'UPDATE waitlist_signups SET confirmed_at = now(), lapses_at = NULL WHERE confirmed_at IS NULL AND position IS NOT NULL',
    );
    await client.query(
      // A day old: places from before the test, not a burst of signups in the last minute.
      `INSERT INTO waitlist_signups (email, position, tier, signup_source, confirmed_at, created_at)
       SELECT 'seeded-' || n || '@ballast.test', n,
         CASE WHEN n <= 50 THEN 'free' WHEN n <= 550 THEN 'lifetime_paid' ELSE 'waitlist' END, 'seed', now(),
         now() - interval '1 day'
       FROM generate_series($1::int + 1, $2::int) AS n`,
      [rows[0]!.total, total],
    );
    const { rows: counted } = await client.query<Record<string, number>>(
      `UPDATE waitlist_counter SET total = GREATEST(total, $1::int),
         confirmed_free = (SELECT count(*) FROM waitlist_signups WHERE confirmed_at IS NOT NULL AND position <= 50),
         confirmed_lifetime = (SELECT count(*) FROM waitlist_signups
           WHERE confirmed_at IS NOT NULL AND position > 50 AND position <= 550),
         confirmed_total = (SELECT count(*) FROM waitlist_signups WHERE confirmed_at IS NOT NULL AND position IS NOT NULL),
         revision = revision + 1
       WHERE id = 1 RETURNING revision, confirmed_free, confirmed_lifetime, confirmed_total`,
      [total],
    );
    const row = counted[0]!;
    await client.query('SELECT pg_notify($1, $2)', [
      SIGNUPS_CHANNEL,
      [row.revision, row.confirmed_free, row.confirmed_lifetime, row.confirmed_total].join(':'),
    ]);
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

/** The link in the newest welcome email to `email` that keeps its held place. */
export async function confirmLinkOf(pool: pg.Pool, email: string): Promise<string> {
  const { rows } = await pool.query<{ url: string | null }>(
    `SELECT payload->>'confirmUrl' AS url FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-welcome' AND payload->>'to' = $1
     ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const url = rows[0]?.url;
  if (!url) throw new Error(`no welcome email with a confirmation link for ${email}`);
  return url;
}

/** Keeps `email`'s held place as its owner does: the welcome email's link, then the page's button. */
export async function confirmPlace(t: Pick<TestApp, 'request' | 'database'>, email: string) {
  const { pathname, search } = new URL(await confirmLinkOf(t.database.pool, email));
  const response = await t.request(`${pathname}${search}`, {
    method: 'POST',
    headers: { 'x-forwarded-for': nextVisitorAddress() },
  });
  if (response.status !== 200)
    throw new Error(`confirming ${email}: ${response.status} ${await response.text()}`);
  return response;
}

/** Signs `email` up and keeps its place: what a person who opens the welcome email does. */
export async function signUpAndConfirm(
  t: Pick<TestApp, 'request' | 'database'>,
  body: { email: string; signupSource?: string },
) {
  const response = await signUp(t, body);
  if (response.status !== 200) throw new Error(`signing up ${body.email}: ${response.status}`);
  const answer = (await response.json()) as { position: number; tier: string; message: string };
  await confirmPlace(t, body.email.trim().toLowerCase());
  return answer;
}
