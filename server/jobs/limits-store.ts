// Counts for every limit the app keeps (requests per client address, emails per recipient), in one table
// every instance shares (decision 063). The HTTP layer's store and the outbox both count here.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimitWindows } from '../db/schema/rate-limits';

export type LimitCount = {
  /** Hits in the current window, this one included (refused hits count too, as the library's do). */
  hits: number;
  endsAt: Date;
};

/**
 * The key of what is counted: the scope as it is (`http:POST /api/contact`, `email:magic-link`), so an
 * operator can read what a row limits, and whom it counts (a client address, an account's id, an email
 * address) only as a hash, so the table holds nothing an account's erasure must find.
 */
export function limitKey(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject).digest('base64url')}`;
}

/** How many lapsed windows one sweep deletes at most: a sweep stays one short statement. */
const SWEEP_BATCH = 1000;

/**
 * One hit on `key`, in one statement: a new key, or one whose window has ended, starts a window of
 * `windowMs` at 1; otherwise the count goes up by one and the window keeps its end. Concurrent hits on
 * the same key, from any instance, wait for each other's row lock, so each sees the count the one
 * before it left: none is lost and none is counted twice. In a caller's transaction the hit is undone
 * with it.
 */
export async function countHit(db: DbOrTx, key: string, windowMs: number, now: Date): Promise<LimitCount> {
  const at = now.toISOString();
  const endsAt = new Date(now.getTime() + windowMs).toISOString();
  const { rows } = await db.execute<{ hits: number; ends_at: Date | string }>(sql`
    INSERT INTO ${rateLimitWindows} AS w (key, hits, ends_at)
    VALUES (${key}, 1, ${endsAt}::timestamptz)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN w.ends_at <= ${at}::timestamptz THEN 1 ELSE w.hits + 1 END,
      ends_at = CASE WHEN w.ends_at <= ${at}::timestamptz THEN excluded.ends_at ELSE w.ends_at END
    RETURNING hits, ends_at`);
  const [row] = rows;
  if (!row) throw new Error(`counting a hit on ${key} returned no row`);
  return { hits: row.hits, endsAt: new Date(row.ends_at) };
}

/**
 * Deletes windows that have ended by `now`, a batch at a time; rows another statement holds are left for
 * the next sweep rather than waited for. A lapsed row would only start again at 1, so this keeps the
 * table to the keys counted lately. Answers how many went.
 */
export async function sweepLapsedLimits(db: DbOrTx, now: Date): Promise<number> {
  const { rowCount } = await db.execute(sql`
    DELETE FROM ${rateLimitWindows} WHERE key IN (
      SELECT key FROM ${rateLimitWindows} WHERE ends_at <= ${now.toISOString()}::timestamptz
      LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)`);
  return rowCount ?? 0;
}
