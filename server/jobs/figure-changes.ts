// Notes that a creator's figures changed, from the features that write them to the alert scan that
// reads them (decision 051): an explicit call in the writer's transaction instead of a trigger writing
// the alerts feature's table. Kept here, beside the outbox, because several features write and one reads.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { figureChanges } from '../db/schema/figure-changes';

/** Marks the creator's figures changed, in the caller's transaction. */
export async function noteFigureChange(db: DbOrTx, userId: string, change: { isOwn: boolean }) {
  await db.insert(figureChanges).values({ userId, isOwn: change.isOwn });
}

/**
 * Runs `write` and notes the change in one transaction (a savepoint inside the caller's), so a write
 * is never left unnoted.
 */
export async function withFigureChange<T>(
  db: DbOrTx,
  userId: string,
  change: { isOwn: boolean },
  write: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await write(tx);
    await noteFigureChange(tx, userId, change);
    return result;
  });
}

export type FigureChanges = { userId: string; count: number; isOwn: boolean; lastAt: Date };

/**
 * Takes up to `limit` notes, oldest first, per creator: how many, whether any was her own data, and
 * the latest. Taken notes are deleted with the caller's transaction; notes another planner holds are
 * skipped.
 */
export async function takeFigureChanges(db: DbOrTx, limit: number): Promise<FigureChanges[]> {
  const { rows } = await db.execute<{ user_id: string; count: string; is_own: boolean; last_at: Date }>(sql`
    WITH taken AS (
      DELETE FROM figure_changes WHERE id IN (
        SELECT id FROM figure_changes ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      RETURNING user_id, is_own, created_at
    )
    SELECT user_id, count(*) AS count, bool_or(is_own) AS is_own, max(created_at) AS last_at
    FROM taken GROUP BY user_id ORDER BY user_id`);
  return rows.map((row) => ({
    userId: row.user_id,
    count: Number(row.count),
    isOwn: row.is_own,
    lastAt: new Date(row.last_at),
  }));
}

/** Whether the creator has changes not yet taken by a planner, and whether any is her own data. */
export async function findPendingFigureChanges(
  db: DbOrTx,
  userId: string,
): Promise<{ isOwn: boolean } | null> {
  const { rows } = await db.execute<{ is_own: boolean | null }>(sql`
    SELECT bool_or(is_own) AS is_own FROM figure_changes WHERE user_id = ${userId}`);
  const isOwn = rows[0]?.is_own;
  return isOwn === null || isOwn === undefined ? null : { isOwn };
}
