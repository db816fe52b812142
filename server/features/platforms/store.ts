import type { ConnectablePlatform, PlatformConnection } from '@common/platforms';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  oauthStates,
  platformConnections,
  platformFirstReads,
  platformMetrics,
} from '../../db/schema/platforms';
import { noteFigureChange, withFigureChange } from '../../jobs/figure-changes';

export type ConnectionRow = typeof platformConnections.$inferSelect;

export function toConnection(row: ConnectionRow): PlatformConnection {
  return {
    id: row.id,
    platform: row.platform,
    platformUserId: row.platformUserId,
    platformUsername: row.platformUsername,
    isActive: row.isActive,
    isVerified: row.isVerified,
    followers: row.followers,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastSyncRead: row.lastSyncRead,
    lastSyncError: row.lastSyncError,
    needsReconnect: row.needsReconnect,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function saveOauthState(
  db: DbOrTx,
  row: {
    state: string;
    userId: string;
    platform: ConnectablePlatform;
    codeVerifier: string;
    createdAt: Date;
  },
) {
  await db.insert(oauthStates).values(row);
}

/** Takes the state once: it must be this creator's, for this platform, and younger than `since`. */
export async function takeOauthState(
  db: DbOrTx,
  where: { state: string; userId: string; platform: ConnectablePlatform; since: Date },
): Promise<{ codeVerifier: string } | null> {
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(
        eq(oauthStates.state, where.state),
        eq(oauthStates.userId, where.userId),
        eq(oauthStates.platform, where.platform),
        gt(oauthStates.createdAt, where.since),
      ),
    )
    .returning({ codeVerifier: oauthStates.codeVerifier });
  return row ?? null;
}

export async function deleteStaleOauthStates(db: DbOrTx, before: Date) {
  await db.delete(oauthStates).where(sql`${oauthStates.createdAt} < ${before}`);
}

type ConnectionValues = Omit<typeof platformConnections.$inferInsert, 'id' | 'createdAt'>;

/** One connection per platform per creator: connecting again replaces what was there. */
export async function upsertConnection(db: DbOrTx, values: ConnectionValues): Promise<ConnectionRow> {
  const [row] = await db
    .insert(platformConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [platformConnections.userId, platformConnections.platform],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function findConnections(db: DbOrTx, userId: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(platformConnections)
    .where(eq(platformConnections.userId, userId))
    .orderBy(platformConnections.createdAt);
}

export async function findConnection(db: DbOrTx, userId: string, platform: ConnectablePlatform) {
  const [row] = await db
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.userId, userId), eq(platformConnections.platform, platform)));
  return row ?? null;
}

export async function deleteConnection(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(platformConnections)
    .where(and(eq(platformConnections.userId, userId), eq(platformConnections.id, id)))
    .returning({ id: platformConnections.id });
  return rows.length > 0;
}

/** Every active connection made through a platform's sign-in (what the daily sync reads). */
export async function findSyncableConnections(db: DbOrTx): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(platformConnections)
    .where(and(eq(platformConnections.isActive, true), eq(platformConnections.isVerified, true)));
}

export async function updateConnection(db: DbOrTx, id: string, values: Partial<ConnectionValues>) {
  await db
    .update(platformConnections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(platformConnections.id, id));
}

/** A sync's figures: noted for the alert scan, daily on plans without real-time alerts (decision 043). */
const SYNCED = { isOwn: false };

export async function insertPlatformMetrics(
  db: DbOrTx,
  rows: {
    userId: string;
    connectionId: string;
    platform: ConnectablePlatform;
    metric: string;
    value: number;
  }[],
) {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(platformMetrics).values(rows.map((row) => ({ ...row, source: 'sync' as const })));
    for (const userId of new Set(rows.map((row) => row.userId))) {
      await noteFigureChange(tx, userId, SYNCED);
    }
  });
}

export async function findConnectionById(db: DbOrTx, id: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(platformConnections).where(eq(platformConnections.id, id));
  return row ?? null;
}

export type DailyMetricRow = { day: string; metric: string; value: number };

/**
 * Per-day figures of a connection: a day read again (YouTube revises its last days) replaces its row,
 * and its reading time moves on, so the alert scan looks at the creator again.
 */
export async function upsertDailyMetrics(
  db: DbOrTx,
  connection: Pick<ConnectionRow, 'id' | 'userId' | 'platform'>,
  rows: DailyMetricRow[],
  recordedAt: Date,
) {
  if (rows.length === 0) return;
  await withFigureChange(db, connection.userId, SYNCED, async (tx) => {
    for (let start = 0; start < rows.length; start += 1000) {
      await tx
        .insert(platformMetrics)
        .values(
          rows.slice(start, start + 1000).map((row) => ({
            userId: connection.userId,
            connectionId: connection.id,
            platform: connection.platform,
            source: 'sync' as const,
            metric: row.metric,
            value: row.value,
            currency: row.metric === 'revenue' ? 'GBP' : null,
            day: row.day,
            recordedAt,
          })),
        )
        .onConflictDoUpdate({
          target: [platformMetrics.connectionId, platformMetrics.metric, platformMetrics.day],
          targetWhere: sql`${platformMetrics.day} IS NOT NULL`,
          set: { value: sql`excluded.value`, recordedAt: sql`excluded.recorded_at` },
        });
    }
  });
}

/**
 * A connection's estimated revenue per month ('YYYY-MM' → pounds, summed in PostgreSQL as NUMERIC),
 * with the last day each month has figures for, for the months from `fromMonth`.
 */
export async function monthlyRevenueOf(db: DbOrTx, connectionId: string, fromMonth: string) {
  const { rows } = await db.execute<{ month: string; amount: string; last_day: string }>(sql`
    SELECT to_char(day, 'YYYY-MM') AS month, round(sum(value)::numeric, 2)::text AS amount,
           max(day)::text AS last_day
    FROM ${platformMetrics}
    WHERE connection_id = ${connectionId} AND metric = 'revenue' AND day >= ${`${fromMonth}-01`}::date
    GROUP BY 1 ORDER BY 1`);
  return rows.map((row) => ({ month: row.month, amount: row.amount, lastDay: row.last_day }));
}

/** Active connections made through a platform's sign-in, by id only (the daily fan-out). */
export async function findSyncableConnectionIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: platformConnections.id })
    .from(platformConnections)
    .where(and(eq(platformConnections.isActive, true), eq(platformConnections.isVerified, true)));
  return rows.map((row) => row.id);
}

/** The creator kept their own figure for a month: YouTube's stays out of it from now on. */
export async function keepTypedMonth(db: DbOrTx, connectionId: string, month: string) {
  await db
    .update(platformConnections)
    .set({
      typedRevenueMonths: sql`array_append(${platformConnections.typedRevenueMonths}, ${month})`,
      updatedAt: sql`now()`,
    })
    .where(eq(platformConnections.id, connectionId));
}

/**
 * Claims the one read without the daily sync for this account and platform, for this connection if
 * none was claimed before; answers the connection that holds it.
 */
export async function claimFirstRead(
  db: DbOrTx,
  claim: { userId: string; platform: ConnectablePlatform; connectionId: string },
): Promise<string> {
  await db.insert(platformFirstReads).values(claim).onConflictDoNothing();
  const [row] = await db
    .select({ connectionId: platformFirstReads.connectionId })
    .from(platformFirstReads)
    .where(and(eq(platformFirstReads.userId, claim.userId), eq(platformFirstReads.platform, claim.platform)));
  return row!.connectionId;
}
