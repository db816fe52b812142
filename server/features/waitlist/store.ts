import { FREE_SPOTS, LIFETIME_SPOTS, type WaitlistTier } from '@common/waitlist';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { waitlistCounter, waitlistSignups } from '../../db/schema/waitlist';

/** Every committed batch of signups notifies this channel with the new total (see counters.ts). */
export const SIGNUPS_CHANNEL = 'waitlist_signups';

export type WaitlistEntry = {
  id: string;
  email: string;
  position: number;
  tier: WaitlistTier;
  /** When a lifetime place's £5 arrived. */
  paidAt: Date | null;
};

export async function findSignupsByEmail(db: DbOrTx, emails: string[]): Promise<WaitlistEntry[]> {
  if (emails.length === 0) return [];
  return db
    .select({
      id: waitlistSignups.id,
      email: waitlistSignups.email,
      position: waitlistSignups.position,
      tier: waitlistSignups.tier,
      paidAt: waitlistSignups.paidAt,
    })
    .from(waitlistSignups)
    .where(inArray(waitlistSignups.email, emails));
}

/**
 * Claims the right to email an unpaid place's payment link again: at most once per `minutes` since
 * the last time (or since signup, when the first one went out). Conditional, so of two signups at
 * once only one gets it.
 */
export async function claimPaymentLinkResend(
  db: DbOrTx,
  signupId: string,
  minutes: number,
): Promise<boolean> {
  const rows = await db
    .update(waitlistSignups)
    .set({ paymentLinkSentAt: sql`now()` })
    .where(
      and(
        eq(waitlistSignups.id, signupId),
        isNull(waitlistSignups.paidAt),
        sql`coalesce(${waitlistSignups.paymentLinkSentAt}, ${waitlistSignups.createdAt}) < now() - make_interval(mins => ${minutes}::int)`,
      ),
    )
    .returning({ id: waitlistSignups.id });
  return rows.length > 0;
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
 * Under the counter lock: records the signups whose email is not on the list yet at positions
 * total+1, total+2 … in the order given, moves the counter on and announces the new total (NOTIFY is
 * delivered at commit, and not at all on rollback). Runs as a statement of its own after the lock, so
 * it sees every signup committed before the lock was granted.
 */
export async function insertSignupsAfter(
  tx: Tx,
  total: number,
  signups: { email: string; signupSource: string }[],
): Promise<WaitlistEntry[]> {
  const { rows } = await tx.execute<{ id: string; email: string; position: number; tier: WaitlistTier }>(sql`
    WITH incoming AS (
      SELECT email, signup_source, ord
      FROM unnest(${sql.param(signups.map((signup) => signup.email))}::text[],
                  ${sql.param(signups.map((signup) => signup.signupSource))}::text[])
        WITH ORDINALITY AS t(email, signup_source, ord)
    ), numbered AS (
      SELECT email, signup_source, ${total}::int + row_number() OVER (ORDER BY ord)::int AS position
      FROM incoming
      WHERE NOT EXISTS (SELECT 1 FROM waitlist_signups s WHERE s.email = incoming.email)
    ), inserted AS (
      INSERT INTO waitlist_signups (email, position, tier, signup_source)
      SELECT email, position,
        CASE WHEN position <= ${FREE_SPOTS}::int THEN 'free'
             WHEN position <= ${FREE_SPOTS + LIFETIME_SPOTS}::int THEN 'lifetime_paid'
             ELSE 'waitlist' END,
        signup_source
      FROM numbered
      RETURNING id, email, position, tier
    ), counted AS (
      UPDATE waitlist_counter SET total = total + (SELECT count(*) FROM numbered)::int
      WHERE id = 1 AND EXISTS (SELECT 1 FROM numbered)
      RETURNING total
    )
    SELECT inserted.id, inserted.email, inserted.position, inserted.tier
    FROM inserted LEFT JOIN (SELECT pg_notify(${SIGNUPS_CHANNEL}, total::text) FROM counted) AS notified ON true
    ORDER BY inserted.position
  `);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    position: Number(row.position),
    tier: row.tier,
    paidAt: null,
  }));
}

/** The number of signups: positions are gap-free, so the counter is the count. */
export async function countSignups(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: waitlistCounter.total }).from(waitlistCounter);
  return row?.total ?? 0;
}

export async function isOnWaitlist(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: waitlistSignups.id })
    .from(waitlistSignups)
    .where(eq(waitlistSignups.email, email))
    .limit(1);
  return rows.length > 0;
}

export async function findSignup(db: DbOrTx, id: string): Promise<WaitlistEntry | null> {
  const [row] = await db
    .select({
      id: waitlistSignups.id,
      email: waitlistSignups.email,
      position: waitlistSignups.position,
      tier: waitlistSignups.tier,
      paidAt: waitlistSignups.paidAt,
    })
    .from(waitlistSignups)
    .where(eq(waitlistSignups.id, id));
  return row ?? null;
}

/** Deletes the place; answers what it was, or null when it was already gone. */
export async function deleteSignup(tx: Tx, id: string): Promise<WaitlistEntry | null> {
  const [removed] = await tx.delete(waitlistSignups).where(eq(waitlistSignups.id, id)).returning({
    id: waitlistSignups.id,
    email: waitlistSignups.email,
    position: waitlistSignups.position,
    tier: waitlistSignups.tier,
    paidAt: waitlistSignups.paidAt,
  });
  return removed ?? null;
}
