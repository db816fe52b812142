import { addDays } from '@common/calendar';
import type { ConnectablePlatform } from '@common/platforms';
import { and, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { platformCohortDays, platformShifts } from '../../db/schema/shifts';
import type { CohortMeasure, CohortWindows } from './cohort-store';

export type ShiftRow = typeof platformShifts.$inferSelect;

/** Any constant, the same in every instance: one run at a time records a platform's shift. */
const SHIFT_LOCK_NAMESPACE = 7_310_650;

/** Waits for any other run recording this platform, until the caller's transaction ends. */
export async function lockPlatform(tx: Tx, platform: ConnectablePlatform) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SHIFT_LOCK_NAMESPACE}, hashtext(${platform}))`);
}

/** The cohort's median day for each measured day, replacing what an earlier run measured for it. */
export async function recordCohortDays(tx: Tx, platform: ConnectablePlatform, days: CohortMeasure['days']) {
  if (days.length === 0) return;
  await tx
    .insert(platformCohortDays)
    .values(days.map((day) => ({ platform, ...day })))
    .onConflictDoUpdate({
      target: [platformCohortDays.platform, platformCohortDays.day],
      set: {
        creators: sql`excluded.creators`,
        medianRatio: sql`excluded.median_ratio`,
        measuredAt: sql`now()`,
      },
    });
}

export type FoundShift = {
  startedOn: string;
  windows: CohortWindows;
  cohortSize: number;
  fellCount: number;
  medianChange: number;
};

/**
 * Records a fall a run found: the same fall as the platform's latest shift (open, or closed with its
 * last days touching this fall's first) is updated, keeping its status and earliest first day;
 * otherwise a new shift is detected. Answers the row.
 */
export async function recordShift(tx: Tx, platform: ConnectablePlatform, found: FoundShift) {
  const figures = {
    recentFrom: found.windows.recentFrom,
    recentTo: found.windows.recentTo,
    baselineFrom: found.windows.baselineFrom,
    baselineTo: found.windows.baselineTo,
    cohortSize: found.cohortSize,
    fellCount: found.fellCount,
    medianChange: found.medianChange,
  };
  const [same] = await tx
    .select()
    .from(platformShifts)
    .where(
      and(eq(platformShifts.platform, platform), gte(platformShifts.recentTo, addDays(found.startedOn, -1))),
    )
    .orderBy(desc(platformShifts.recentTo))
    .limit(1);
  if (same) {
    const [updated] = await tx
      .update(platformShifts)
      .set({
        ...figures,
        startedOn: sql`least(${platformShifts.startedOn}, ${found.startedOn}::date)`,
        isOpen: true,
        updatedAt: sql`now()`,
      })
      .where(eq(platformShifts.id, same.id))
      .returning();
    return updated!;
  }
  const [inserted] = await tx
    .insert(platformShifts)
    .values({ platform, startedOn: found.startedOn, ...figures })
    .returning();
  return inserted!;
}

/** A run found no fall on the platform: its open shift, if any, is over. */
export async function closeShift(tx: Tx, platform: ConnectablePlatform) {
  await tx
    .update(platformShifts)
    .set({ isOpen: false, updatedAt: sql`now()` })
    .where(and(eq(platformShifts.platform, platform), eq(platformShifts.isOpen, true)));
}

/** Shifts for the console: the ones waiting for review first, then the latest, at most `limit`. */
export async function listShifts(db: DbOrTx, limit = 50): Promise<ShiftRow[]> {
  return db
    .select()
    .from(platformShifts)
    .orderBy(sql`${platformShifts.status} = 'detected' DESC`, desc(platformShifts.updatedAt))
    .limit(limit);
}

export async function findShift(db: DbOrTx, id: string): Promise<ShiftRow | undefined> {
  const [row] = await db.select().from(platformShifts).where(eq(platformShifts.id, id));
  return row;
}

/**
 * Moves a detected shift to `status` (published with its bulletin, or dismissed), only if it is still
 * waiting for review: answers the row, or undefined when it was not (another operator came first).
 */
export async function settleShift(
  db: DbOrTx,
  id: string,
  status: 'published' | 'dismissed',
  bulletinId: string | null = null,
): Promise<ShiftRow | undefined> {
  const [row] = await db
    .update(platformShifts)
    .set({ status, bulletinId, updatedAt: sql`now()` })
    .where(and(eq(platformShifts.id, id), eq(platformShifts.status, 'detected')))
    .returning();
  return row;
}

/** The latest shift on the platform, not dismissed, whose days overlap `from`–`to`. */
export async function findShiftOverlapping(
  db: DbOrTx,
  platform: string,
  from: string,
  to: string,
): Promise<ShiftRow | undefined> {
  const [row] = await db
    .select()
    .from(platformShifts)
    .where(
      and(
        eq(platformShifts.platform, platform as ConnectablePlatform),
        ne(platformShifts.status, 'dismissed'),
        lte(platformShifts.startedOn, to),
        gte(platformShifts.recentTo, from),
      ),
    )
    .orderBy(desc(platformShifts.recentTo))
    .limit(1);
  return row;
}

/** The cohort's median day on each of `from`–`to` that was measured (20 creators or more). */
export async function findCohortDays(db: DbOrTx, platform: string, from: string, to: string) {
  return db
    .select({ day: platformCohortDays.day, medianRatio: platformCohortDays.medianRatio })
    .from(platformCohortDays)
    .where(
      and(
        eq(platformCohortDays.platform, platform as ConnectablePlatform),
        gte(platformCohortDays.day, from),
        lte(platformCohortDays.day, to),
      ),
    )
    .orderBy(platformCohortDays.day);
}
