import { formatMonthSpan, londonDate } from '@common/calendar';
import type { DbOrTx } from '../../db/client';
import { findSyncedAudience } from '../platforms/public';
import { findIncomeWindow } from '../revenue/public';
import type { CreatorFigures } from './projection';

/**
 * The creator's real numbers for the projection: followers and 30 days of views from the daily sync,
 * and the monthly income every screen states (revenue's income window: the last three complete
 * months) with the sources that made it.
 */
export async function findCreatorFigures(db: DbOrTx, userId: string, now: Date): Promise<CreatorFigures> {
  const [audience, income] = await Promise.all([
    findSyncedAudience(db, userId, now),
    findIncomeWindow(db, userId, londonDate(now)),
  ]);
  return {
    ...audience,
    monthlyIncome: income.months > 0 ? income.pencePerMonth / 100 : null,
    incomeMonths: income.months,
    incomeSpan:
      income.firstMonth && income.lastMonth ? formatMonthSpan(income.firstMonth, income.lastMonth) : null,
    sources: Object.entries(income.penceBySource)
      .filter(([, pence]) => (pence ?? 0) > 0)
      .map(([source]) => source)
      .sort(),
  };
}
