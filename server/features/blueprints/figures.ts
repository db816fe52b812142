import { londonDate } from '@common/calendar';
import type { DbOrTx } from '../../db/client';
import { findSyncedAudience } from '../platforms/public';
import { recentMonthTotals, revenueTotalsSince } from '../revenue/public';
import type { CreatorFigures } from './projection';

/** Months of revenue the projection averages over, at most. */
const INCOME_MONTHS = 3;
const STREAM_DAYS = 90;

/**
 * The creator's real numbers for the projection: followers and 30 days of views from the daily sync,
 * average monthly revenue over the last complete months with entries (up to three), and the sources
 * that brought money in the last 90 days.
 */
export async function findCreatorFigures(db: DbOrTx, userId: string, now: Date): Promise<CreatorFigures> {
  const today = londonDate(now);
  const since = new Date(now.getTime() - STREAM_DAYS * 24 * 60 * 60 * 1000);
  const [audience, months, recent] = await Promise.all([
    findSyncedAudience(db, userId, now),
    recentMonthTotals(db, userId, today, INCOME_MONTHS),
    revenueTotalsSince(db, userId, londonDate(since)),
  ]);
  return {
    ...audience,
    monthlyIncome: months.length ? months.reduce((sum, value) => sum + value, 0) / months.length : null,
    incomeMonths: months.length,
    sources: Object.entries(recent.penceBySource)
      .filter(([, pence]) => (pence ?? 0) > 0)
      .map(([source]) => source)
      .sort(),
  };
}
