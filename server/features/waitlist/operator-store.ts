import type { WaitlistTier } from '@common/waitlist';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { closeGaps, recountPlaces, tierOf } from './held-places-store';
import { voidReferral } from './referrals-store';
import { CONFIRM_WITHIN_HOURS } from './service';

/*
 * What the operators' console reads of the waitlist and does to it (docs/product/operators-and-data.md).
 * Writers run under the counter lock (store.ts, lockSignupCounter), like every other writer of positions.
 */

export type TierFill = { tier: WaitlistTier; kept: number; held: number; lapsed: number; setAside: number };

/** Each tier's places by state: a lapsed or set-aside place keeps the tier it had. */
async function tierFill(db: Db): Promise<TierFill[]> {
  const { rows } = await db.execute<TierFill>(sql`
    SELECT tier,
      count(*) FILTER (WHERE position IS NOT NULL AND confirmed_at IS NOT NULL)::int AS kept,
      count(*) FILTER (WHERE position IS NOT NULL AND confirmed_at IS NULL)::int AS held,
      count(*) FILTER (WHERE position IS NULL AND lapsed_at IS NOT NULL AND quarantined_at IS NULL)::int AS lapsed,
      count(*) FILTER (WHERE quarantined_at IS NOT NULL)::int AS "setAside"
    FROM waitlist_signups GROUP BY tier`);
  return rows;
}

const counted = <T extends Record<string, unknown>>(rows: T[]) =>
  rows.map((row) => ({ ...row, signups: Number(row.signups) }));

/** The launch at a glance: tiers, signups by London day and by hour, sources, referrers and flags. */
export async function waitlistOverview(db: Db, now: Date) {
  const [tiers, days, hours, sources, referrers, referrals, flags, setAside] = await Promise.all([
    tierFill(db),
    db.execute<{ day: string; signups: number }>(sql`
      SELECT to_char(created_at AT TIME ZONE 'Europe/London', 'YYYY-MM-DD') AS day, count(*)::int AS signups
      FROM waitlist_signups WHERE created_at > ${now}::timestamptz - interval '30 days'
      GROUP BY 1 ORDER BY 1`),
    db.execute<{ hour: string; signups: number }>(sql`
      SELECT to_char(date_trunc('hour', created_at AT TIME ZONE 'Europe/London'), 'YYYY-MM-DD"T"HH24:00') AS hour,
        count(*)::int AS signups
      FROM waitlist_signups WHERE created_at > ${now}::timestamptz - interval '48 hours'
      GROUP BY 1 ORDER BY 1`),
    db.execute<{ source: string; signups: number }>(sql`
      SELECT signup_source AS source, count(*)::int AS signups FROM waitlist_signups
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`),
    db.execute<{ id: string; email: string; position: number | null; counted: number; voided: number }>(sql`
      SELECT r.id, r.email, r.position,
        count(*) FILTER (WHERE f.referral_status = 'counted')::int AS counted,
        count(*) FILTER (WHERE f.referral_status = 'void')::int AS voided
      FROM waitlist_signups f JOIN waitlist_signups r ON r.id = f.referred_by
      GROUP BY r.id ORDER BY 4 DESC, 5 DESC, r.position LIMIT 10`),
    db.execute<{
      id: string;
      email: string;
      referrer: string;
      status: 'counted' | 'void' | null;
      reason: string | null;
      createdAt: string;
    }>(sql`
      SELECT f.id, f.email, r.email AS referrer, f.referral_status AS status,
        f.referral_void_reason AS reason, f.created_at AS "createdAt"
      FROM waitlist_signups f JOIN waitlist_signups r ON r.id = f.referred_by
      WHERE f.referral_status IS NOT NULL
      ORDER BY (f.referral_status = 'void') DESC, f.created_at DESC LIMIT 50`),
    db.execute<{ flag: string; signups: number }>(sql`
      SELECT unnest(flags) AS flag, count(*)::int AS signups FROM waitlist_signups
      WHERE position IS NOT NULL GROUP BY 1 ORDER BY 1`),
    db.execute<{ id: string; email: string; tier: WaitlistTier; flags: string[]; quarantinedAt: string }>(sql`
      SELECT id, email, tier, flags, quarantined_at AS "quarantinedAt" FROM waitlist_signups
      WHERE quarantined_at IS NOT NULL ORDER BY quarantined_at DESC LIMIT 100`),
  ]);
  return {
    tiers,
    days: counted(days.rows),
    hours: counted(hours.rows),
    sources: counted(sources.rows),
    referrers: referrers.rows.map((row) => ({
      ...row,
      position: row.position === null ? null : Number(row.position),
    })),
    referrals: referrals.rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })),
    flags: counted(flags.rows),
    setAside: setAside.rows.map((row) => ({
      ...row,
      quarantinedAt: new Date(row.quarantinedAt).toISOString(),
    })),
  };
}

export type SetAsidePlace = {
  id: string;
  email: string;
  position: number | null;
  tier: WaitlistTier;
  confirmedAt: Date | null;
  paidAt: Date | null;
};

/** The places an operator acts on, locked: paid ones are refused by the caller. */
export async function findPlacesForAction(tx: Tx, ids: string[]): Promise<SetAsidePlace[]> {
  const { rows } = await tx.execute<SetAsidePlace>(sql`
    SELECT id, email, position, tier, confirmed_at AS "confirmedAt", paid_at AS "paidAt"
    FROM waitlist_signups WHERE id = ANY(${sql.param(ids)}::uuid[]) ORDER BY position NULLS LAST FOR UPDATE`);
  return rows;
}

/**
 * Removes the places (`remove`) or sets them aside for review (`quarantine`): either way their
 * referrals stop counting (their referrers move back), their positions go, and everyone after moves up.
 */
export async function setPlacesAside(tx: Tx, ids: string[], action: 'remove' | 'quarantine', now: Date) {
  for (const id of ids)
    await voidReferral(
      tx,
      id,
      `the place was ${action === 'remove' ? 'removed' : 'set aside'} by an operator`,
    );
  if (action === 'remove') {
    await tx.execute(sql`DELETE FROM waitlist_signups WHERE id = ANY(${sql.param(ids)}::uuid[])`);
  } else {
    await tx.execute(sql`
      UPDATE waitlist_signups SET position = NULL, lapses_at = NULL, quarantined_at = ${now}::timestamptz
      WHERE id = ANY(${sql.param(ids)}::uuid[])`);
  }
  await closeGaps(tx);
}

/**
 * A set-aside place comes back at the end of the list (those after it moved up meanwhile, and nobody
 * moves down), kept if its address was confirmed, held for 48 hours if not. Answers its new position.
 */
export async function releasePlace(tx: Tx, id: string, now: Date): Promise<number | null> {
  const lapsesAt = new Date(now.getTime() + CONFIRM_WITHIN_HOURS * 3_600_000);
  const { rows } = await tx.execute<{ position: number }>(sql`
    WITH next AS (SELECT coalesce(max(position), 0) + 1 AS position FROM waitlist_signups)
    UPDATE waitlist_signups SET quarantined_at = NULL, position = next.position,
      tier = ${tierOf(sql`next.position`)},
      lapses_at = CASE WHEN confirmed_at IS NULL THEN ${lapsesAt}::timestamptz END
    FROM next WHERE id = ${id} AND quarantined_at IS NOT NULL
    RETURNING waitlist_signups.position`);
  if (!rows[0]) return null;
  await recountPlaces(tx);
  return Number(rows[0].position);
}
