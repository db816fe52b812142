import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { platformMetrics } from '../../db/schema/platforms';

/**
 * Each platform's audience as last read: the account's followers or subscribers from the daily sync or
 * a screenshot, whichever is newer: a total, or the live count a realtime panel shows (a count now
 * either way); a change such as "+1,234 followers" is never an audience.
 */
export async function findAudienceByPlatform(
  db: DbOrTx,
  userId: string,
): Promise<{ platform: string; followers: number }[]> {
  const { rows } = await db.execute<{ platform: string; followers: number }>(sql`
    SELECT DISTINCT ON (platform) platform, round(value)::int AS followers FROM ${platformMetrics}
    WHERE user_id = ${userId} AND metric IN ('followers', 'subscribers') AND kind IN ('total', 'realtime')
      AND scope = 'account'
    ORDER BY platform, recorded_at DESC`);
  return rows;
}
