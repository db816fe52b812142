import { FREE_SPOTS, LIFETIME_SPOTS, type WaitlistTier } from '@common/waitlist';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { waitlistCounter, waitlistSignups } from '../../db/schema/waitlist';

/** Every committed signup notifies this channel with the new total (see counters.ts). */
export const SIGNUPS_CHANNEL = 'waitlist_signups';

export type WaitlistEntry = { email: string; position: number; tier: WaitlistTier };

export async function findSignupByEmail(db: DbOrTx, email: string): Promise<WaitlistEntry | undefined> {
  const [row] = await db
    .select({ email: waitlistSignups.email, position: waitlistSignups.position, tier: waitlistSignups.tier })
    .from(waitlistSignups)
    .where(eq(waitlistSignups.email, email));
  return row;
}

/**
 * Takes the next position and records the signup in one statement. Bumping the counter row locks it
 * until the transaction ends, so concurrent signups queue for positions and never share or skip one;
 * NOTIFY is transactional, so other instances hear of the signup only once it is committed.
 *
 * Answers undefined when the email is already there (a concurrent signup with the same address won):
 * the counter has then moved for nothing and the caller must roll the transaction back.
 */
export async function insertSignupAtNextPosition(
  tx: Tx,
  signup: { email: string; signupSource: string },
): Promise<WaitlistEntry | undefined> {
  const { rows } = await tx.execute<{ email: string; position: number; tier: WaitlistTier }>(sql`
    WITH next AS (
      INSERT INTO waitlist_counter (id, total) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET total = waitlist_counter.total + 1
      RETURNING total
    ), inserted AS (
      INSERT INTO waitlist_signups (email, position, tier, signup_source)
      SELECT ${signup.email}, total,
        CASE WHEN total <= ${FREE_SPOTS}::int THEN 'free'
             WHEN total <= ${FREE_SPOTS + LIFETIME_SPOTS}::int THEN 'lifetime_paid'
             ELSE 'waitlist' END,
        ${signup.signupSource}
      FROM next
      ON CONFLICT (email) DO NOTHING
      RETURNING email, position, tier
    )
    SELECT email, position, tier, pg_notify(${SIGNUPS_CHANNEL}, position::text) FROM inserted
  `);
  const row = rows[0];
  return row ? { email: row.email, position: Number(row.position), tier: row.tier } : undefined;
}

/** The number of signups: positions are gap-free, so the counter is the count. */
export async function countSignups(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: waitlistCounter.total }).from(waitlistCounter);
  return row?.total ?? 0;
}
