import { londonDate } from '@common/calendar';
import { CONNECTABLE_PLATFORMS, type ConnectablePlatform } from '@common/platforms';
import {
  ownFallSentence,
  SHIFT_FELL_RATIO,
  SHIFT_MIN_COHORT,
  SHIFT_MIN_FELL_SHARE,
  SHIFT_STEADY_RATIO,
  sharedFallSentence,
  sinceLabel,
} from '@common/shifts';
import type { Db } from '../../db/client';
import { cohortWindows, measureCohort, measureCreator } from './cohort-store';
import {
  closeShift,
  findCohortDays,
  findShiftOverlapping,
  lockPlatform,
  recordCohortDays,
  recordShift,
  type ShiftRow,
} from './store';

export type ShiftDeps = { db: Db };

export type ShiftRun = {
  platform: ConnectablePlatform;
  cohortSize: number;
  /** The shift recorded (detected or updated), or null when the cohort did not fall together. */
  shiftId: string | null;
};

/**
 * One run over every platform (the job, each scan cycle): measures each platform's cohort in one
 * statement, keeps the cohort's median days, and records, updates or closes the platform's shift.
 * Answers what each platform's run found.
 */
export async function detectShifts(deps: ShiftDeps, now: Date): Promise<ShiftRun[]> {
  const windows = cohortWindows(londonDate(now));
  const runs: ShiftRun[] = [];
  for (const platform of CONNECTABLE_PLATFORMS) {
    runs.push(
      await deps.db.transaction(async (tx) => {
        await lockPlatform(tx, platform);
        const measure = await measureCohort(tx, platform, windows);
        await recordCohortDays(tx, platform, measure.days);
        const isShift =
          measure.cohortSize >= SHIFT_MIN_COHORT &&
          measure.fellCount / measure.cohortSize >= SHIFT_MIN_FELL_SHARE &&
          measure.medianChange !== null;
        if (!isShift) {
          await closeShift(tx, platform);
          return { platform, cohortSize: measure.cohortSize, shiftId: null };
        }
        const shift = await recordShift(tx, platform, {
          // Most fell over the recent days while no single day's median had yet: the recent days.
          startedOn: measure.fallStartedOn ?? windows.recentFrom,
          windows,
          cohortSize: measure.cohortSize,
          fellCount: measure.fellCount,
          medianChange: measure.medianChange!,
        });
        return { platform, cohortSize: measure.cohortSize, shiftId: shift.id };
      }),
    );
  }
  return runs;
}

/**
 * What the platform's other creators did over the days of one creator's fall (decision 050):
 * - `platform`: a recorded shift on the platform covers those days and the creator is among those who
 *   fell (or lacks the days to tell);
 * - `own`: no shift covers them, and on each of those days the cohort measured (20 creators or more)
 *   held steady;
 * - `unknown`: neither can be said (too few creators, days not yet measured, a mixed picture).
 * Whether the creator fell is worked out from their own rows alone; nothing of another creator's is
 * read, and the shift's figures are aggregates of 20 creators or more.
 */
export type FallContext = {
  verdict: 'platform' | 'own' | 'unknown';
  platform: string;
  /** The shift that covers the fall (also when this creator's own change does not match it). */
  shift: { id: string; startedOn: string; since: string; status: 'detected' | 'published' } | null;
  /** Whether the creator fell by a third or more over the shift's days; null without a shift or days. */
  isAmongFallen: boolean | null;
  /** The sentence for the alert, or null when there is nothing to say. */
  sentence: string | null;
};

export async function explainFall(
  deps: ShiftDeps,
  fall: { userId: string; platform: string; from: string; to: string; now: Date },
): Promise<FallContext> {
  const today = londonDate(fall.now);
  const shift = await findShiftOverlapping(deps.db, fall.platform, fall.from, fall.to);
  if (shift) return explainShared(deps, fall, shift, today);
  const days = await findCohortDays(deps.db, fall.platform, fall.from, fall.to);
  const heldSteady = days.length > 0 && days.every((day) => day.medianRatio >= SHIFT_STEADY_RATIO);
  return {
    verdict: heldSteady ? 'own' : 'unknown',
    platform: fall.platform,
    shift: null,
    isAmongFallen: null,
    sentence: heldSteady ? ownFallSentence(fall.platform) : null,
  };
}

async function explainShared(
  deps: ShiftDeps,
  fall: { userId: string; platform: string },
  shift: ShiftRow,
  today: string,
): Promise<FallContext> {
  const ratio = await measureCreator(deps.db, fall.userId, fall.platform, {
    recentFrom: shift.recentFrom,
    recentTo: shift.recentTo,
    baselineFrom: shift.baselineFrom,
    baselineTo: shift.baselineTo,
    lookbackFrom: shift.recentFrom,
  });
  const isAmongFallen = ratio === null ? null : ratio <= SHIFT_FELL_RATIO;
  const isShared = isAmongFallen !== false;
  return {
    verdict: isShared ? 'platform' : 'unknown',
    platform: fall.platform,
    shift: {
      id: shift.id,
      startedOn: shift.startedOn,
      since: sinceLabel(shift.startedOn, today),
      status: shift.status === 'published' ? 'published' : 'detected',
    },
    isAmongFallen,
    sentence: isShared ? sharedFallSentence(fall.platform, shift.startedOn, today) : null,
  };
}
