import { severityRank as rankOf } from '@common/alert-labels';
import type { Alert } from '@common/alerts';
import { lastDayOf } from '@common/calendar';
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alertCauses, alerts } from '../../db/schema/alerts';

export type AlertRow = typeof alerts.$inferSelect;
export type NewAlert = Omit<typeof alerts.$inferInsert, 'id' | 'createdAt' | 'readAt'>;

/** New alerts are announced on this channel with `<userId> <alertId>` (every instance listens). */
export const ALERTS_CHANNEL = 'alerts_raised';

/** The cause of a stream's month not recorded yet; the alert's "add it" and "it was £0" read it back. */
export const notRecordedCause = (source: string, month: string) => `revenue:${source}:not-recorded:${month}`;
const NOT_RECORDED_CAUSE = /^revenue:([a-z_]+):not-recorded:(\d{4}-\d{2})$/;

/** What a "not recorded yet" reminder offers: add the month, or say it brought nothing. */
function recordOf(row: AlertRow): Alert['record'] {
  const match = NOT_RECORDED_CAUSE.exec(row.cause);
  if (!match) return null;
  const month = match[2]!;
  return {
    source: match[1]!,
    month,
    date: lastDayOf(month),
    usual: ((row.atStakePence ?? 0) / 100).toFixed(2),
  };
}

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    severity: row.severity,
    platform: row.platform,
    title: row.title,
    description: row.description,
    impactDescription: row.impactDescription,
    mitigationStrategy: row.mitigationStrategy,
    atStakePence: row.atStakePence,
    record: recordOf(row),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Raises the alert unless its cause is already alerting for this creator (the unique cause row decides
 * races), or an alert for the same cause is still open (undismissed): a cause that cleared and came
 * back while its alert is still on the creator's screen does not put a second one beside it. Announces
 * a new alert at commit.
 */
export async function insertAlertOnce(tx: DbOrTx, alert: NewAlert): Promise<AlertRow | null> {
  const claimed = await tx
    .insert(alertCauses)
    .values({ userId: alert.userId, cause: alert.cause })
    .onConflictDoNothing()
    .returning({ cause: alertCauses.cause });
  if (claimed.length === 0) return null;
  const [open] = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, alert.userId), eq(alerts.cause, alert.cause), isNull(alerts.readAt)))
    .limit(1);
  if (open) return null;
  const [row] = await tx.insert(alerts).values(alert).returning();
  await tx.execute(sql`SELECT pg_notify(${ALERTS_CHANNEL}, ${`${alert.userId} ${row!.id}`})`);
  return row!;
}

/**
 * A fall already on the creator's screen is told as it stands now (its size, its days, its cause):
 * the open (undismissed) alert of this cause takes the scan's wording, without a second alert or a new
 * announcement. Answers whether one was rewritten (an unchanged one is left as it is).
 */
export async function reviseOpenAlert(tx: DbOrTx, alert: NewAlert): Promise<boolean> {
  const revised = await tx
    .update(alerts)
    .set({
      severity: alert.severity,
      title: alert.title,
      description: alert.description,
      impactDescription: alert.impactDescription ?? null,
      mitigationStrategy: alert.mitigationStrategy ?? null,
      atStakePence: alert.atStakePence ?? null,
    })
    .where(
      and(
        eq(alerts.userId, alert.userId),
        eq(alerts.cause, alert.cause),
        isNull(alerts.readAt),
        // Most scans find the fall as it was: no write then, only when its wording or size moved.
        sql`(${alerts.title}, ${alerts.description}, ${alerts.severity}, ${alerts.atStakePence})
          IS DISTINCT FROM (${alert.title}, ${alert.description}, ${alert.severity}, ${alert.atStakePence ?? null}::bigint)`,
      ),
    )
    .returning({ id: alerts.id });
  return revised.length > 0;
}

/**
 * Adds a sentence to the creator's open (undismissed) alert for this cause, once: what was learnt of
 * the fall after the alert was raised.
 */
export async function sayOnOpenAlert(db: DbOrTx, userId: string, cause: string, sentence: string) {
  await db
    .update(alerts)
    .set({ description: sql`${alerts.description} || ' ' || ${sentence}` })
    .where(
      and(
        eq(alerts.userId, userId),
        eq(alerts.cause, cause),
        isNull(alerts.readAt),
        sql`strpos(${alerts.description}, ${sentence}) = 0`,
      ),
    );
}

/** Causes of this kind that no longer hold are cleared, so they can alert again later. */
export async function clearCauses(tx: DbOrTx, userId: string, prefix: string, stillHolding: string[]) {
  const conditions = [eq(alertCauses.userId, userId), sql`${alertCauses.cause} LIKE ${`${prefix}%`}`];
  if (stillHolding.length > 0) conditions.push(notInArray(alertCauses.cause, stillHolding));
  await tx.delete(alertCauses).where(and(...conditions));
}

/**
 * Where a page of alerts ends: its last alert's place in the order (unread first, then by severity, then
 * by money at stake, newest first).
 */
export type AlertCursor = { isRead: boolean; rank: number; atStake: number; createdAt: Date; id: string };

/** The same order as `rankOf`, in SQL. */
const severityRank = sql<number>`(CASE ${alerts.severity} WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END)`;
/** Alerts not about money (-1) come after those that cost something, at the same severity. */
const atStake = sql<number>`coalesce(${alerts.atStakePence}, -1)`;

/** Where a row sits in the list's order, for the cursor of the page it ends. */
export function placeOf(row: AlertRow): AlertCursor {
  return {
    isRead: row.readAt !== null,
    rank: rankOf(row.severity),
    atStake: row.atStakePence ?? -1,
    createdAt: row.createdAt,
    id: row.id,
  };
}

/**
 * A page of the creator's alerts: every unread one, however old, then the read ones; within each the
 * most severe first, then the one that costs most, then the newest (docs/scoring.md, "Severity and
 * order"); after `cursor` when given. A creator has few alerts: the user's rows are read by its index.
 */
export async function findAlertPage(
  db: DbOrTx,
  userId: string,
  limit: number,
  cursor: AlertCursor | null,
): Promise<AlertRow[]> {
  const isRead = sql`(${alerts.readAt} IS NOT NULL)`;
  const after = cursor
    ? sql`(${isRead} > ${cursor.isRead} OR (${isRead} = ${cursor.isRead} AND (${severityRank} > ${cursor.rank}
        OR (${severityRank} = ${cursor.rank} AND (${atStake} < ${cursor.atStake}
        OR (${atStake} = ${cursor.atStake}
          AND (${alerts.createdAt}, ${alerts.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)))))))`
    : undefined;
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), after))
    .orderBy(isRead, severityRank, desc(atStake), desc(alerts.createdAt), desc(alerts.id))
    .limit(limit);
}

export async function findAlert(db: DbOrTx, userId: string, id: string): Promise<AlertRow | null> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.id, id)));
  return row ?? null;
}

export async function markRead(db: DbOrTx, userId: string, id: string, now: Date): Promise<AlertRow | null> {
  const [row] = await db
    .update(alerts)
    .set({ readAt: now })
    .where(and(eq(alerts.userId, userId), eq(alerts.id, id), isNull(alerts.readAt)))
    .returning();
  return row ?? (await findAlert(db, userId, id));
}

/**
 * A "not recorded yet" reminder is done with once its month is in (added, or said to be £0): it is
 * marked read, so the list does not keep asking for a month already recorded.
 */
export async function retireRecordedReminders(db: DbOrTx, userId: string, stillHolding: string[], now: Date) {
  const conditions = [
    eq(alerts.userId, userId),
    isNull(alerts.readAt),
    sql`${alerts.cause} LIKE 'revenue:%:not-recorded:%'`,
  ];
  if (stillHolding.length > 0) conditions.push(notInArray(alerts.cause, stillHolding));
  await db
    .update(alerts)
    .set({ readAt: now })
    .where(and(...conditions));
}
