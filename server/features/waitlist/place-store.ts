import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { waitlistSignups } from '../../db/schema/waitlist';
import type { WaitlistEntry } from './store';

/*
 * A lifetime place as the £5 payment (billing) reads and records it, through public.ts. Only
 * `paid_at` is ever written from there.
 */

export type LifetimePlace = WaitlistEntry;

const placeColumns = {
  id: waitlistSignups.id,
  email: waitlistSignups.email,
  position: waitlistSignups.position,
  tier: waitlistSignups.tier,
  paidAt: waitlistSignups.paidAt,
};

export async function findLifetimePlace(db: DbOrTx, signupId: string): Promise<LifetimePlace | null> {
  const [row] = await db.select(placeColumns).from(waitlistSignups).where(eq(waitlistSignups.id, signupId));
  return row ?? null;
}

/** The place, locked until the transaction ends: opening a checkout and recording a payment take turns. */
export async function lockLifetimePlace(tx: Tx, signupId: string): Promise<LifetimePlace | null> {
  const [row] = await tx
    .select(placeColumns)
    .from(waitlistSignups)
    .where(eq(waitlistSignups.id, signupId))
    .for('update');
  return row ?? null;
}

export async function markLifetimePlacePaid(tx: Tx, signupId: string) {
  await tx
    .update(waitlistSignups)
    .set({ paidAt: sql`now()` })
    .where(and(eq(waitlistSignups.id, signupId), isNull(waitlistSignups.paidAt)));
}

/**
 * Of these addresses, the ones holding a place that brings the lifetime plan: a free one, or a £5 one
 * that is paid. Places are kept under the lower-cased address; the addresses come back as given.
 */
export async function lifetimePlaceHolders(db: DbOrTx, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT DISTINCT given.email FROM unnest(${sql.param([...emails])}::text[]) AS given(email)
    WHERE EXISTS (
      SELECT 1 FROM waitlist_signups places
      WHERE places.email = lower(given.email)
        AND (places.tier = 'free' OR (places.tier = 'lifetime_paid' AND places.paid_at IS NOT NULL)))`);
  return new Set(rows.map((row) => row.email));
}
