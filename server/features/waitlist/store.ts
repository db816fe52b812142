import type { WaitlistTier } from '@common/waitlist';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { waitlistCounter, waitlistSignups } from '../../db/schema/waitlist';
import { closeGaps, tierOf } from './held-places-store';

export { SIGNUPS_CHANNEL } from './held-places-store';

/** A place held or kept (one that lapsed holds no position and is not an entry). */
export type WaitlistEntry = {
  id: string;
  email: string;
  position: number;
  tier: WaitlistTier;
  /** When a lifetime place's £5 arrived. */
  paidAt: Date | null;
  /** When its address was confirmed: null while the place is only held. */
  confirmedAt: Date | null;
  /** When a held place lapses unless confirmed; null once confirmed. */
  lapsesAt: Date | null;
};

export const entryColumns = {
  id: waitlistSignups.id,
  email: waitlistSignups.email,
  position: sql<number>`${waitlistSignups.position}`,
  tier: waitlistSignups.tier,
  paidAt: waitlistSignups.paidAt,
  confirmedAt: waitlistSignups.confirmedAt,
  lapsesAt: waitlistSignups.lapsesAt,
};

/** The places held or kept by these addresses (a lapsed one is none). */
export async function findSignupsByEmail(db: DbOrTx, emails: string[]): Promise<WaitlistEntry[]> {
  if (emails.length === 0) return [];
  return db
    .select(entryColumns)
    .from(waitlistSignups)
    .where(and(inArray(waitlistSignups.email, emails), isNotNull(waitlistSignups.position)));
}

/**
 * Locks the counter row until the transaction ends and answers the number of signups. Every writer of
 * signups takes this lock first, so while it is held nobody else hands out positions.
 */
export async function lockSignupCounter(tx: Tx): Promise<number> {
  const { rows } = await tx.execute<{ total: number }>(sql`
    INSERT INTO waitlist_counter (id, total) VALUES (1, 0)
    ON CONFLICT (id) DO UPDATE SET total = waitlist_counter.total
    RETURNING total
  `);
  return Number(rows[0]!.total);
}

/**
 * Under the counter lock: holds places for the signups whose email holds none yet (new, or one that
 * lapsed) at positions total+1, total+2 … in the order given, each until `lapsesAt`, and moves the
 * counter on. Runs as a statement of its own after the lock, so it sees every signup committed before
 * the lock was granted. Held places change no public counter, so nothing is announced.
 */
export async function insertSignupsAfter(
  tx: Tx,
  total: number,
  signups: { email: string; signupSource: string; network?: string | null; referralCode?: string | null }[],
  at: { now: Date; lapsesAt: Date },
): Promise<WaitlistEntry[]> {
  const { rows } = await tx.execute<{ id: string; email: string; position: number; tier: WaitlistTier }>(sql`
    WITH incoming AS (
      SELECT email, signup_source, network, referral_code, ord
      FROM unnest(${sql.param(signups.map((signup) => signup.email))}::text[],
                  ${sql.param(signups.map((signup) => signup.signupSource))}::text[],
                  ${sql.param(signups.map((signup) => signup.network ?? null))}::text[],
                  ${sql.param(signups.map((signup) => signup.referralCode ?? null))}::text[])
        WITH ORDINALITY AS t(email, signup_source, network, referral_code, ord)
    ), numbered AS (
      SELECT email, signup_source, network,
        (SELECT r.id FROM waitlist_signups r WHERE r.referral_code = incoming.referral_code) AS referred_by,
        ${total}::int + row_number() OVER (ORDER BY ord)::int AS position
      FROM incoming
      WHERE NOT EXISTS (
        SELECT 1 FROM waitlist_signups s WHERE s.email = incoming.email
          AND (s.position IS NOT NULL OR s.quarantined_at IS NOT NULL))
    ), inserted AS (
      INSERT INTO waitlist_signups
        (email, position, tier, signup_source, created_at, lapses_at, network, referred_by)
      SELECT email, position, ${tierOf(sql`position`)},
        signup_source, ${at.now}::timestamptz, ${at.lapsesAt}::timestamptz, network, referred_by
      FROM numbered
      ON CONFLICT (email) DO UPDATE SET position = EXCLUDED.position, tier = EXCLUDED.tier,
        signup_source = EXCLUDED.signup_source, created_at = EXCLUDED.created_at,
        lapses_at = EXCLUDED.lapses_at, lapsed_at = NULL, payment_link_sent_at = NULL,
        network = EXCLUDED.network, referred_by = EXCLUDED.referred_by, flags = '{}',
        referral_status = NULL, referral_void_reason = NULL, referral_moved = 0
      WHERE waitlist_signups.position IS NULL AND waitlist_signups.quarantined_at IS NULL
      RETURNING id, email, position, tier
    ), counted AS (
      UPDATE waitlist_counter SET total = total + (SELECT count(*) FROM numbered)::int
      WHERE id = 1 AND EXISTS (SELECT 1 FROM numbered)
      RETURNING total
    )
    SELECT inserted.id, inserted.email, inserted.position, inserted.tier
    FROM inserted LEFT JOIN counted ON true
    ORDER BY inserted.position
  `);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    position: Number(row.position),
    tier: row.tier,
    paidAt: null,
    confirmedAt: null,
    lapsesAt: at.lapsesAt,
  }));
}

/** The kept places in each tier and in all, and the counter's revision: what the public counters show. */
export type ConfirmedCounts = { revision: number; free: number; lifetime: number; total: number };

export async function countConfirmed(db: DbOrTx): Promise<ConfirmedCounts> {
  const [row] = await db
    .select({
      revision: waitlistCounter.revision,
      free: waitlistCounter.confirmedFree,
      lifetime: waitlistCounter.confirmedLifetime,
      total: waitlistCounter.confirmedTotal,
    })
    .from(waitlistCounter);
  return row ?? { revision: 0, free: 0, lifetime: 0, total: 0 };
}

export async function isOnWaitlist(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: waitlistSignups.id })
    .from(waitlistSignups)
    .where(and(eq(waitlistSignups.email, email), isNotNull(waitlistSignups.position)))
    .limit(1);
  return rows.length > 0;
}

/** The place held or kept under this id; null when there is none (or it lapsed). */
export async function findSignup(db: DbOrTx, id: string): Promise<WaitlistEntry | null> {
  const [row] = await db
    .select(entryColumns)
    .from(waitlistSignups)
    .where(and(eq(waitlistSignups.id, id), isNotNull(waitlistSignups.position)));
  return row ?? null;
}

/**
 * Under the counter lock: deletes the place and closes its gap (everyone after it moves up); answers
 * what it was, or null when it was already gone.
 */
export async function deleteSignup(tx: Tx, id: string): Promise<WaitlistEntry | null> {
  const [removed] = await tx
    .delete(waitlistSignups)
    .where(eq(waitlistSignups.id, id))
    .returning(entryColumns);
  if (!removed || removed.position === null) return null;
  await closeGaps(tx);
  return removed;
}
