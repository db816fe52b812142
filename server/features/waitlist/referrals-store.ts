import { TIER_PLACES } from '@common/waitlist';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { waitlistSignups } from '../../db/schema/waitlist';

/*
 * Referrals (docs/decisions/064-referrals.md). Every function here runs under the counter lock
 * (store.ts, lockSignupCounter), like every other writer of positions.
 */

/** How many places a counted referral moves its referrer up. */
export const REFERRAL_PLACES = 10;
/** Referrals to one referrer from one network within an hour that make a burst, counting for nothing. */
export const REFERRAL_NETWORK_BURST = 3;

export const VOID_REASONS = {
  notKept: "the referrer's place is not kept",
  sameMailbox: "the referrer's own address, or an alias of it",
  disposable: 'a disposable-mail address',
  burst: 'part of a burst of signups',
  networkBurst: `one of ${REFERRAL_NETWORK_BURST} or more referrals from one network within an hour`,
} as const;

/**
 * Moves a place `places` positions up (or down, when negative) among the places after the tiers;
 * those it passes move one the other way, and nobody inside the tiers moves. Answers how far it moved.
 */
async function movePlace(tx: Tx, id: string, places: number): Promise<number> {
  const { rows } = await tx.execute<{ position: number | null; last: number }>(sql`
    SELECT position, (SELECT max(position) FROM waitlist_signups) AS last
    FROM waitlist_signups WHERE id = ${id}`);
  const from = rows[0]?.position == null ? null : Number(rows[0].position);
  if (from === null || from <= TIER_PLACES) return 0;
  const to = Math.min(Number(rows[0]!.last), Math.max(TIER_PLACES + 1, from - places));
  if (to === from) return 0;
  const [low, high, shift] = to < from ? [to, from - 1, 1] : [from + 1, to, -1];
  // Through negative positions, so the unique index never sees two places on one.
  await tx.execute(sql`
    UPDATE waitlist_signups SET position = -(position + ${shift}::int)
    WHERE position BETWEEN ${low}::int AND ${high}::int`);
  await tx.execute(sql`UPDATE waitlist_signups SET position = ${-to}::int WHERE id = ${id}`);
  await tx.execute(sql`UPDATE waitlist_signups SET position = -position WHERE position < 0`);
  return from - to;
}

type ReferralFacts = {
  referrerId: string | null;
  referrerKept: boolean;
  isSameMailbox: boolean;
  flags: string[];
  networkReferrals: number;
};

/** Why a kept place's referral counts for nothing, or null when it counts. */
export function voidReasonOf(facts: ReferralFacts): string | null {
  if (!facts.referrerKept) return VOID_REASONS.notKept;
  if (facts.isSameMailbox) return VOID_REASONS.sameMailbox;
  if (facts.flags.includes('disposable')) return VOID_REASONS.disposable;
  if (facts.flags.includes('burst') || facts.flags.includes('network-burst')) return VOID_REASONS.burst;
  if (facts.networkReferrals + 1 >= REFERRAL_NETWORK_BURST) return VOID_REASONS.networkBurst;
  return null;
}

/**
 * A place that came through a referral link was just kept: the referral counts (its referrer moves
 * up) unless a rule says it counts for nothing. A burst from one network voids its earlier referrals
 * too. Answers what happened, or null when the place had no referrer.
 */
export async function countReferral(
  tx: Tx,
  friendId: string,
  now: Date,
): Promise<{ status: 'counted' | 'void'; reason: string | null } | null> {
  const { rows } = await tx.execute<ReferralFacts & { referredBy: string | null }>(sql`
    SELECT f.referred_by AS "referredBy", r.id AS "referrerId",
      (r.position IS NOT NULL AND r.confirmed_at IS NOT NULL) AS "referrerKept",
      (r.mailbox = f.mailbox) AS "isSameMailbox", f.flags,
      (SELECT count(*)::int FROM waitlist_signups o
        WHERE o.referred_by = f.referred_by AND o.id <> f.id AND o.network = f.network
          AND o.created_at > ${now}::timestamptz - interval '1 hour'
          AND o.created_at <= ${now}::timestamptz) AS "networkReferrals"
    FROM waitlist_signups f LEFT JOIN waitlist_signups r ON r.id = f.referred_by
    WHERE f.id = ${friendId} AND f.referral_status IS NULL`);
  const facts = rows[0];
  if (!facts?.referredBy || !facts.referrerId) return null;
  const reason = voidReasonOf({ ...facts, referrerKept: Boolean(facts.referrerKept) });
  if (reason) {
    await tx.execute(sql`
      UPDATE waitlist_signups SET referral_status = 'void', referral_void_reason = ${reason}
      WHERE id = ${friendId}`);
    if (reason === VOID_REASONS.networkBurst) await voidNetworkBurst(tx, friendId, now);
    return { status: 'void', reason };
  }
  const moved = await movePlace(tx, facts.referrerId, REFERRAL_PLACES);
  await tx.execute(sql`
    UPDATE waitlist_signups SET referral_status = 'counted', referral_moved = ${moved}::int
    WHERE id = ${friendId}`);
  return { status: 'counted', reason: null };
}

/** The earlier referrals of a burst from one network, counted before it showed, count for nothing too. */
async function voidNetworkBurst(tx: Tx, friendId: string, now: Date) {
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT o.id FROM waitlist_signups o JOIN waitlist_signups f ON f.id = ${friendId}
    WHERE o.referred_by = f.referred_by AND o.network = f.network AND o.id <> f.id
      AND o.referral_status = 'counted' AND o.created_at > ${now}::timestamptz - interval '1 hour'
      AND o.created_at <= ${now}::timestamptz`);
  for (const { id } of rows) await voidReferral(tx, id, VOID_REASONS.networkBurst);
}

/**
 * A referral counts for nothing from now (an operator voided it, or a burst showed): the places it
 * moved its referrer up are given back, and those the referrer passed move up again. Answers whether
 * there was a counted referral to void.
 */
export async function voidReferral(tx: Tx, friendId: string, reason: string): Promise<boolean> {
  const { rows } = await tx.execute<{ referredBy: string | null; moved: number }>(sql`
    WITH counted AS (
      SELECT id, referred_by, referral_moved FROM waitlist_signups
      WHERE id = ${friendId} AND referral_status = 'counted'
    )
    UPDATE waitlist_signups s SET referral_status = 'void', referral_void_reason = ${reason},
      referral_moved = 0
    FROM counted WHERE s.id = counted.id
    RETURNING counted.referred_by AS "referredBy", counted.referral_moved AS moved`);
  const voided = rows[0];
  if (!voided) return false;
  if (voided.referredBy && voided.moved > 0) await movePlace(tx, voided.referredBy, -voided.moved);
  return true;
}

/** A place's referral code, given out once the place is kept. */
export async function findReferralCode(db: DbOrTx, id: string): Promise<string | undefined> {
  const { rows } = await db.execute<{ code: string }>(
    sql`SELECT referral_code AS code FROM waitlist_signups WHERE id = ${id}`,
  );
  return rows[0]?.code;
}

/** A place as its own page shows it: its standing, its code and the referrals counted. */
export async function findPlaceForPage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: waitlistSignups.id,
      email: waitlistSignups.email,
      position: waitlistSignups.position,
      confirmedAt: waitlistSignups.confirmedAt,
      lapsesAt: waitlistSignups.lapsesAt,
      referralCode: waitlistSignups.referralCode,
      counted: sql<number>`(SELECT count(*)::int FROM waitlist_signups f
        WHERE f.referred_by = waitlist_signups.id AND f.referral_status = 'counted')`,
    })
    .from(waitlistSignups)
    .where(eq(waitlistSignups.id, id));
  return row ?? null;
}
