import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { type FigureChanges, findPendingFigureChanges } from '../../jobs/figure-changes';
import { filterUsersCovering } from '../billing/public';

/**
 * Synced figures of a creator whose plan has no real-time alerts are scanned at most this often: a daily
 * scan. Their own data (typed, imported, read from a screenshot) is scanned at the next planner run.
 */
const DAILY_SCAN = sql`interval '1 day'`;
/** A claim older than this is a batch job that never ran (its instance died): the creator is planned again. */
const CLAIM_LEASE = sql`interval '15 minutes'`;

/** The scan's clock as SQL: every time this table keeps or compares is the scan's, not PostgreSQL's. */
const instant = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * Claims up to `limit` creators due for a scan and marks them queued, in the caller's transaction. Due:
 * their figures changed since the last scan (the partial index `alert_scans_due` holds only those), no
 * batch is on its way for them, a failed scan's wait is over, and the creator's own data changed since
 * the last scan, that scan is a day old, or billing answers that the plan brings real-time alerts.
 * Candidates are read a page at a time in the order their figures changed, each page's plans asked in
 * one call. SKIP LOCKED: two planners running at once claim different creators.
 */
export async function claimDueCreators(tx: Tx, limit: number, now: Date): Promise<string[]> {
  const at = instant(now);
  const claimed: string[] = [];
  let after: { changedAt: string; userId: string } | null = null;
  while (claimed.length < limit) {
    const { rows }: { rows: { user_id: string; changed_at: string; is_due: boolean }[] } =
      await tx.execute(sql`
      SELECT scans.user_id, scans.changed_at::text AS changed_at,
        (scans.scanned_at IS NULL OR scans.own_changes > scans.scanned_changes
         OR scans.scanned_at <= ${at} - ${DAILY_SCAN}) AS is_due
      FROM alert_scans scans
      WHERE scans.changes > scans.scanned_changes
        AND (scans.queued_at IS NULL OR scans.queued_at < ${at} - ${CLAIM_LEASE})
        AND (scans.retry_at IS NULL OR scans.retry_at <= ${at})
        ${after ? sql`AND (scans.changed_at, scans.user_id) > (${after.changedAt}::timestamptz, ${after.userId})` : sql``}
      ORDER BY scans.changed_at, scans.user_id
      LIMIT ${limit}
      FOR UPDATE OF scans SKIP LOCKED`);
    if (rows.length === 0) break;
    const waiting = rows.filter((row) => !row.is_due).map((row) => row.user_id);
    const realTime = await filterUsersCovering(tx, waiting, 'realTimeAlerts');
    for (const row of rows) {
      if (claimed.length < limit && (row.is_due || realTime.has(row.user_id))) claimed.push(row.user_id);
    }
    if (rows.length < limit) break;
    const last = rows[rows.length - 1] as (typeof rows)[number];
    after = { changedAt: last.changed_at, userId: last.user_id };
  }
  if (claimed.length === 0) return [];
  await tx.execute(sql`
    UPDATE alert_scans SET queued_at = ${at} WHERE user_id = ANY(${sql.param(claimed)}::text[])`);
  return claimed;
}

/** Of these creators, the ones still due and their change counts (a batch retried skips the rest). */
export async function dueChanges(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const { rows } = await db.execute<{ user_id: string; changes: string }>(sql`
    SELECT user_id, changes FROM alert_scans
    WHERE user_id = ANY(${sql.param(userIds)}::text[]) AND changes > scanned_changes`);
  return new Map(rows.map((row) => [row.user_id, Number(row.changes)]));
}

/**
 * Notes of changed figures folded into the creators' scan rows, in the caller's transaction: each
 * creator becomes due, and `own_changes` records the count a change of her own data left, so the planner
 * scans it at its next run on every plan (decision 043).
 */
export async function markFiguresChanged(tx: DbOrTx, changes: FigureChanges[]) {
  if (changes.length === 0) return;
  await tx.execute(sql`
    INSERT INTO alert_scans AS scans (user_id, changes, changed_at, own_changes)
    SELECT noted.user_id, noted.count, noted.last_at, CASE WHEN noted.is_own THEN noted.count ELSE 0 END
    FROM unnest(${sql.param(changes.map((change) => change.userId))}::text[],
                ${sql.param(changes.map((change) => change.count))}::bigint[],
                ${sql.param(changes.map((change) => change.lastAt.toISOString()))}::timestamptz[],
                ${sql.param(changes.map((change) => change.isOwn))}::boolean[])
      AS noted(user_id, count, last_at, is_own)
    ON CONFLICT (user_id) DO UPDATE SET changes = scans.changes + excluded.changes,
      changed_at = excluded.changed_at,
      own_changes = CASE WHEN excluded.own_changes > 0 THEN scans.changes + excluded.changes
                         ELSE scans.own_changes END`);
}

/**
 * When this creator's figures must be looked at again with nothing new (null: only when they change).
 * Written only when it moves, so the usual scan adds no write.
 */
export async function setRecheck(db: DbOrTx, userId: string, at: Date | null) {
  await db.execute(sql`
    UPDATE alert_scans SET recheck_at = ${at ? instant(at) : null}
    WHERE user_id = ${userId} AND recheck_at IS DISTINCT FROM ${at ? instant(at) : null}`);
}

/**
 * Creators whose recheck time has come become due as if their own data had changed, so every plan scans
 * them at the planner's next run (a stream awaited yesterday is missing today). Answers how many.
 */
export async function markRechecksDue(db: DbOrTx, now: Date): Promise<number> {
  const at = instant(now);
  const { rowCount } = await db.execute(sql`
    UPDATE alert_scans SET changes = changes + 1, own_changes = changes + 1, changed_at = ${at},
      recheck_at = NULL
    WHERE recheck_at IS NOT NULL AND recheck_at <= ${at}`);
  return rowCount ?? 0;
}

/**
 * Finished scans, in one statement per batch: each saw its `changes`, so writes that landed during it
 * (counted above that) keep the creator due. The time is the scan's clock, which the once-a-day rule and
 * the card's "last checked" read too.
 */
export async function recordScanned(db: Db, scans: Map<string, number>, instance: string, now: Date) {
  if (scans.size === 0) return;
  await db.execute(sql`
    UPDATE alert_scans SET scanned_at = ${instant(now)}, scanned_changes = seen.changes,
      queued_at = NULL, scanned_by = ${instance}, failures = 0, failed_at = NULL, last_error = NULL,
      retry_at = NULL
    FROM unnest(${sql.param([...scans.keys()])}::text[], ${sql.param([...scans.values()])}::bigint[])
      AS seen(user_id, changes)
    WHERE alert_scans.user_id = seen.user_id`);
}

/**
 * A failed scan: kept with its error, and the creator waits 2^failures minutes (at most a day) before a
 * planner takes them again; the batch's own retry does not wait.
 */
export async function recordScanFailed(db: Db, userId: string, error: unknown, instance: string, now: Date) {
  const at = instant(now);
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  await db.execute(sql`
    UPDATE alert_scans SET failures = failures + 1, failed_at = ${at}, last_error = ${message},
      scanned_by = ${instance}, queued_at = NULL,
      retry_at = ${at} + least(power(2, failures), 1440) * interval '1 minute'
    WHERE user_id = ${userId}`);
}

/** Where a creator stands in the scan, for "last checked" and "next check" (null before any data). */
export async function findScanState(db: Db, userId: string) {
  const { rows } = await db.execute<{
    scanned_at: Date | string | null;
    is_due: boolean;
    is_own_due: boolean;
  }>(sql`
    SELECT scanned_at, changes > scanned_changes AS is_due, own_changes > scanned_changes AS is_own_due
    FROM alert_scans WHERE user_id = ${userId}`);
  // Changes noted since the planner last folded them in count as due already.
  const pending = await findPendingFigureChanges(db, userId);
  const row = rows[0];
  if (!row && !pending) return null;
  return {
    scannedAt: row?.scanned_at == null ? null : new Date(row.scanned_at),
    isDue: Boolean(row?.is_due || pending),
    isOwnDue: Boolean(row?.is_own_due || pending?.isOwn),
  };
}
