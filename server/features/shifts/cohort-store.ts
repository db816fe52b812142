import { addDays } from '@common/calendar';
import {
  SHIFT_BASELINE_FIRST,
  SHIFT_BASELINE_LAST,
  SHIFT_FELL_RATIO,
  SHIFT_LOOKBACK_DAYS,
  SHIFT_MIN_BASELINE_DAYS,
  SHIFT_MIN_COHORT,
  SHIFT_MIN_RECENT_DAYS,
  SHIFT_RECENT_DAYS,
} from '@common/shifts';
import type { DbOrTx } from '../../db/client';
import {
  type ConnectedViewsMeasure,
  measureConnectedViews,
  measureCreatorViews,
  type ViewRules,
  type ViewWindows,
} from '../platforms/public';

/** The windows a run compares, for `today` (London): recent days against the usual ones before them. */
export type CohortWindows = ViewWindows;

export function cohortWindows(today: string): CohortWindows {
  return {
    recentFrom: addDays(today, -SHIFT_RECENT_DAYS),
    recentTo: addDays(today, -1),
    baselineFrom: addDays(today, -SHIFT_BASELINE_FIRST),
    baselineTo: addDays(today, -SHIFT_BASELINE_LAST),
    lookbackFrom: addDays(today, -SHIFT_LOOKBACK_DAYS),
  };
}

export type CohortMeasure = ConnectedViewsMeasure;

const COHORT_RULES: ViewRules = {
  minBaselineDays: SHIFT_MIN_BASELINE_DAYS,
  minRecentDays: SHIFT_MIN_RECENT_DAYS,
  fellRatio: SHIFT_FELL_RATIO,
  minCohort: SHIFT_MIN_COHORT,
};

/**
 * The platform's cohort, asked of platforms as aggregates only: every connected creator's usual day
 * (the median of the baseline's days) and recent level (the mean of the recent days), how many fell by
 * a third or more, the median change, the cohort's median day on each recent day and the first day of
 * the fall. Nothing of a cohort under SHIFT_MIN_COHORT creators comes back.
 */
export function measureCohort(db: DbOrTx, platform: string, windows: CohortWindows): Promise<CohortMeasure> {
  return measureConnectedViews(db, platform, windows, COHORT_RULES);
}

/** One creator's change over a run's windows (recent ÷ usual), or null when they lack the days to be counted. */
export function measureCreator(
  db: DbOrTx,
  userId: string,
  platform: string,
  windows: CohortWindows,
): Promise<number | null> {
  return measureCreatorViews(db, userId, platform, windows, COHORT_RULES);
}
