import { FREE_SPOTS, LIFETIME_SPOTS } from '@common/waitlist';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/*
 * Held and kept places (docs/decisions/062-waitlist-places-for-proven-addresses.md). Every function here
 * runs under the counter lock (store.ts, lockSignupCounter), so positions are handed out, kept and
 * moved by one writer at a time across every app instance.
 */

/**
 * Every change to the kept places (a confirmation, a lapse, a removal) notifies this channel with the
 * counter's revision and counts (see counters.ts).
 */
export const SIGNUPS_CHANNEL = 'waitlist_signups';

/** The counter's new revision and counts, announced from a `counted` row (NOTIFY is sent at commit). */
const announced = sql`pg_notify(${SIGNUPS_CHANNEL},
  concat_ws(':', revision, confirmed_free, confirmed_lifetime, confirmed_total))`;

/** The tier a position gives, in SQL: the same rule as tierForPosition. */
export const tierOf = (position: ReturnType<typeof sql>) => sql`
  CASE WHEN ${position} <= ${FREE_SPOTS}::int THEN 'free'
       WHEN ${position} <= ${FREE_SPOTS + LIFETIME_SPOTS}::int THEN 'lifetime_paid'
       ELSE 'waitlist' END`;

/**
 * Counts the kept places again (each tier, all) and the places held or kept, moves the revision on and
 * announces the counts to every instance (NOTIFY is delivered at commit).
 */
export async function recountPlaces(tx: Tx): Promise<void> {
  await tx.execute(sql`
    WITH counted AS (
      UPDATE waitlist_counter SET
        total = (SELECT count(*) FROM waitlist_signups WHERE position IS NOT NULL),
        confirmed_free = (SELECT count(*) FROM waitlist_signups
          WHERE confirmed_at IS NOT NULL AND position <= ${FREE_SPOTS}::int),
        confirmed_lifetime = (SELECT count(*) FROM waitlist_signups
          WHERE confirmed_at IS NOT NULL AND position > ${FREE_SPOTS}::int
            AND position <= ${FREE_SPOTS + LIFETIME_SPOTS}::int),
        confirmed_total = (SELECT count(*) FROM waitlist_signups
          WHERE confirmed_at IS NOT NULL AND position IS NOT NULL),
        revision = revision + 1
      WHERE id = 1
      RETURNING revision, confirmed_free, confirmed_lifetime, confirmed_total
    )
    SELECT ${announced} FROM counted`);
}

/**
 * Closes the gaps a lapse or a removal left: the places after one move up, in their order, each to the
 * tier its new position gives (a better one or the same: nobody ever moves down). In two steps through
 * negative positions, so no two places share one on the way.
 */
export async function closeGaps(tx: Tx): Promise<void> {
  await tx.execute(sql`
    WITH ranked AS (
      SELECT id, position, row_number() OVER (ORDER BY position)::int AS next
      FROM waitlist_signups WHERE position IS NOT NULL
    )
    UPDATE waitlist_signups s SET position = -ranked.next
    FROM ranked WHERE s.id = ranked.id AND ranked.next <> ranked.position`);
  await tx.execute(sql`
    UPDATE waitlist_signups SET position = -position, tier = ${tierOf(sql`-position`)}
    WHERE position < 0`);
  await recountPlaces(tx);
}

export type KeptPlace = {
  id: string;
  email: string;
  position: number;
  tier: 'free' | 'lifetime_paid' | 'waitlist';
  paidAt: Date | null;
  /** The place's referral code (given out once the place is kept). */
  referralCode: string;
};

/**
 * Keeps a held place whose address was just proven, unless it lapsed (or was kept) already. Answers
 * the kept place, or null when there was nothing to keep.
 */
export async function confirmPlace(tx: Tx, signupId: string, now: Date): Promise<KeptPlace | null> {
  const { rows } = await tx.execute<KeptPlace>(sql`
    UPDATE waitlist_signups SET confirmed_at = ${now}::timestamptz, lapses_at = NULL
    WHERE id = ${signupId} AND confirmed_at IS NULL AND position IS NOT NULL
      AND lapses_at > ${now}::timestamptz
    RETURNING id, email, position, tier, paid_at AS "paidAt", referral_code AS "referralCode"`);
  const kept = rows[0];
  if (!kept) return null;
  const position = Number(kept.position);
  // One place more in its tier: counted on, not counted again (confirmations come many a second).
  await tx.execute(sql`
    WITH counted AS (
      UPDATE waitlist_counter SET
        confirmed_free = confirmed_free + ${position <= FREE_SPOTS ? 1 : 0}::int,
        confirmed_lifetime = confirmed_lifetime
          + ${position > FREE_SPOTS && position <= FREE_SPOTS + LIFETIME_SPOTS ? 1 : 0}::int,
        confirmed_total = confirmed_total + 1,
        revision = revision + 1
      WHERE id = 1
      RETURNING revision, confirmed_free, confirmed_lifetime, confirmed_total
    )
    SELECT ${announced} FROM counted`);
  return { ...kept, position };
}

/**
 * Lets the held places due by `now` lapse: each loses its position and everyone after it moves up.
 * Answers how many lapsed.
 */
export async function lapseDuePlaces(tx: Tx, now: Date): Promise<number> {
  const { rows } = await tx.execute<{ lapsed: number }>(sql`
    WITH lapsed AS (
      UPDATE waitlist_signups SET position = NULL, lapses_at = NULL, lapsed_at = ${now}::timestamptz
      WHERE confirmed_at IS NULL AND position IS NOT NULL AND lapses_at <= ${now}::timestamptz
      RETURNING id
    )
    SELECT count(*)::int AS lapsed FROM lapsed`);
  const lapsed = Number(rows[0]?.lapsed ?? 0);
  if (lapsed > 0) await closeGaps(tx);
  return lapsed;
}

/**
 * Places from before addresses were confirmed that are still only held: each gets until `lapsesAt` to
 * be confirmed. Answers them, to be emailed their link.
 */
export async function holdUnprovenPlaces(tx: Tx, lapsesAt: Date): Promise<KeptPlace[]> {
  const { rows } = await tx.execute<KeptPlace>(sql`
    UPDATE waitlist_signups SET lapses_at = ${lapsesAt}::timestamptz
    WHERE confirmed_at IS NULL AND position IS NOT NULL AND lapses_at IS NULL
    RETURNING id, email, position, tier, paid_at AS "paidAt", referral_code AS "referralCode"`);
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}
