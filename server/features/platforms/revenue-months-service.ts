import type { KeepRevenueMonth, RevenueOverlap } from '@common/platforms';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  removeSyncedMonth,
  removeTypedMonth,
  replaceSyncedMonths,
  typedMonthTotals,
} from '../revenue/public';
import { findConnection, keepTypedMonth, monthlyRevenueOf } from './store';

/**
 * Months where the creator typed YouTube Ads revenue and YouTube also reports an estimate. The sync
 * leaves such a month's YouTube entry out, so nothing is counted twice, and the revenue screen shows
 * both figures until the creator keeps one.
 */
export async function listRevenueOverlaps(db: Db, userId: string): Promise<RevenueOverlap[]> {
  const connection = await findConnection(db, userId, 'youtube');
  if (!connection?.isVerified) return [];
  const months = await monthlyRevenueOf(db, connection.id, '1900-01');
  if (months.length === 0) return [];
  const typed = await typedMonthTotals(db, userId, months[0]!.month);
  return months.flatMap((month) => {
    const theirs = typed.get(month.month);
    if (!theirs || connection.typedRevenueMonths.includes(month.month)) return [];
    return [
      {
        month: month.month,
        youtubeAmount: month.amount,
        typedAmount: theirs.amount,
        typedEntryCount: theirs.entries,
      },
    ];
  });
}

/**
 * The creator's choice for a month: YouTube's figure (their typed YouTube Ads entries of the month go,
 * YouTube's entry comes in and follows YouTube from then on) or theirs (YouTube's stays out, for good).
 */
export async function keepRevenueMonth(
  db: Db,
  userId: string,
  month: string,
  { keep }: KeepRevenueMonth,
  now: Date,
): Promise<void> {
  const overlap = (await listRevenueOverlaps(db, userId)).find((item) => item.month === month);
  if (!overlap) throw notFound(`A month recorded both by you and by YouTube (${month})`);
  const connection = await findConnection(db, userId, 'youtube');
  if (!connection) throw new AppError('CONFLICT', 'YouTube is no longer connected.');
  await db.transaction(async (tx) => {
    if (keep === 'youtube') {
      await removeTypedMonth(tx, userId, month);
      const [figure] = (await monthlyRevenueOf(tx, connection.id, month)).filter((m) => m.month === month);
      if (figure) await replaceSyncedMonths(tx, userId, [figure], now);
    } else {
      await removeSyncedMonth(tx, userId, month);
      await keepTypedMonth(tx, connection.id, month);
    }
  });
}
