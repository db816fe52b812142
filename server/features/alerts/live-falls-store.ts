import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { alertCauses, alerts } from '../../db/schema/alerts';

/** A fall the alerts see now: its cause still alerting, as its latest alert told it. */
export type LiveFall = {
  platform: string;
  title: string;
  /** The alert's advice, which follows the fall's cause (reach, ad rates, a deal pipeline). */
  advice: string | null;
  /** Pence a month the fall costs, where the alert could tell; null where only reach fell. */
  atStakePence: number | null;
  /** Whole percent the figure fell. */
  fallPercent: number | null;
  since: string;
};

/**
 * The falls under way for a creator: a revenue stream's fall or pace, or a platform's figures, whose
 * cause is still alerting (the scan clears a cause once its figures recover). Reminders, exchange-rate
 * notes and health bands are not falls.
 */
export async function findLiveFalls(db: DbOrTx, userId: string): Promise<LiveFall[]> {
  const { rows } = await db.execute<{
    platform: string;
    title: string;
    advice: string | null;
    at_stake_pence: string | null;
    fall_percent: number | null;
    since: string;
  }>(sql`
    SELECT DISTINCT ON (a.cause) a.platform, a.title, a.mitigation_strategy AS advice,
           a.at_stake_pence::text AS at_stake_pence, a.fall_percent, c.since::text AS since
    FROM ${alerts} a JOIN ${alertCauses} c ON c.user_id = a.user_id AND c.cause = a.cause
    WHERE a.user_id = ${userId}
      AND (a.cause ~ '^metric:[a-z]+:fall$' OR a.cause ~ '^revenue:[a-z_]+(:pace)?$')
    ORDER BY a.cause, a.created_at DESC`);
  return rows.map((row) => ({
    platform: row.platform,
    title: row.title,
    advice: row.advice,
    atStakePence: row.at_stake_pence === null ? null : Number(row.at_stake_pence),
    fallPercent: row.fall_percent,
    since: row.since,
  }));
}
