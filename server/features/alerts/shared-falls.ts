import { addDays } from '@common/calendar';
import type { Db } from '../../db/client';
import { explainFall } from '../shifts/public';
import type { Drop } from './detection';
import { type NewAlert, sayOnOpenAlert } from './store';

/** The days a fall in daily views is compared with the platform's other creators over: its day and the two before. */
const FALL_DAYS = 3;

/**
 * Whether a creator's fall in daily views is shared (a platform shift most of its creators on Ballast
 * saw) or her own (the others held steady), from aggregates and her own figures only (decision 050).
 * The sentence joins the new alert's description, and an alert already open for the same fall gets it
 * once the shift is recorded: a shift needs two or three days of a fall, and her alert can come on day one.
 */
export async function sayWhetherShared(
  db: Db,
  falls: { alert: NewAlert; platform: string; drop: Drop }[],
  now: Date,
) {
  for (const { alert, platform, drop } of falls) {
    const context = await explainFall(
      { db },
      { userId: alert.userId, platform, from: addDays(drop.at, 1 - FALL_DAYS), to: drop.at, now },
    );
    if (!context.sentence) continue;
    alert.description = `${alert.description} ${context.sentence}`;
    await sayOnOpenAlert(db, alert.userId, alert.cause, context.sentence);
  }
}
