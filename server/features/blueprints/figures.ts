import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { CreatorFigures } from './projection';

/** Months of revenue the projection averages over, at most. */
const INCOME_MONTHS = 3;

/**
 * The creator's real numbers for the projection: followers and 30 days of views from the daily sync,
 * and average monthly revenue over the last complete months that have entries (up to three).
 */
export async function findCreatorFigures(db: DbOrTx, userId: string, now: Date): Promise<CreatorFigures> {
  const audience = await db.execute<{ followers: string | null; views: string | null }>(sql`
    WITH latest AS (
      SELECT DISTINCT ON (platform, metric) platform, metric, value
      FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND metric IN ('followers', 'subscribers')
      ORDER BY platform, metric, recorded_at DESC
    ), views AS (
      SELECT platform, max(value) - min(value) AS gained
      FROM platform_metrics
      WHERE user_id = ${userId} AND source = 'sync' AND metric = 'views'
        AND recorded_at > ${now}::timestamptz - interval '30 days'
      GROUP BY platform HAVING count(*) > 1
    )
    SELECT (SELECT sum(value) FROM latest) AS followers, (SELECT sum(gained) FROM views) AS views`);
  const revenue = await db.execute<{ month: string; total: string }>(sql`
    SELECT to_char(date, 'YYYY-MM') AS month, sum(amount) AS total FROM revenue_entries
    WHERE user_id = ${userId} AND date < date_trunc('month', ${now}::timestamptz)::date
      AND date >= (date_trunc('month', ${now}::timestamptz) - interval '12 months')::date
    GROUP BY month ORDER BY month DESC LIMIT ${INCOME_MONTHS}`);
  const sources = await db.execute<{ source: string }>(sql`
    SELECT DISTINCT source FROM revenue_entries
    WHERE user_id = ${userId} AND amount > 0 AND date >= (${now}::timestamptz - interval '90 days')::date
    ORDER BY source`);
  const months = revenue.rows.map((row) => Number(row.total));
  const { followers, views } = audience.rows[0] ?? { followers: null, views: null };
  return {
    followers: followers === null ? null : Number(followers),
    monthlyViews: views === null ? null : Number(views),
    monthlyIncome: months.length ? months.reduce((sum, value) => sum + value, 0) / months.length : null,
    incomeMonths: months.length,
    sources: sources.rows.map((row) => row.source),
  };
}
