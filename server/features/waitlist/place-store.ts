import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { waitlistSignups } from '../../db/schema/waitlist';
import { recountPlaces } from './held-places-store';
import { entryColumns, lockSignupCounter, type WaitlistEntry } from './store';

/*
 * A lifetime place as the £5 payment (billing) reads and records it, through public.ts. Only
 * `paid_at` (and, with it, the proof of the address) is ever written from there.
 */

export type LifetimePlace = WaitlistEntry;

const live = (signupId: string) => and(eq(waitlistSignups.id, signupId), isNotNull(waitlistSignups.position));

export async function findLifetimePlace(db: DbOrTx, signupId: string): Promise<LifetimePlace | null> {
  const [row] = await db.select(entryColumns).from(waitlistSignups).where(live(signupId));
  return row ?? null;
}

/** The place, locked until the transaction ends: opening a checkout and recording a payment take turns. */
export async function lockLifetimePlace(tx: Tx, signupId: string): Promise<LifetimePlace | null> {
  const [row] = await tx.select(entryColumns).from(waitlistSignups).where(live(signupId)).for('update');
  return row ?? null;
}

/**
 * Records the £5. The payment link is only ever emailed to the place's address, so paying through it
 * proves the address too: a place still only held is kept from now (under the counter lock, counted).
 */
export async function markLifetimePlacePaid(tx: Tx, signupId: string) {
  await lockSignupCounter(tx);
  const [paid] = await tx
    .update(waitlistSignups)
    .set({
      paidAt: sql`now()`,
      confirmedAt: sql`coalesce(${waitlistSignups.confirmedAt}, now())`,
      lapsesAt: null,
    })
    .where(and(eq(waitlistSignups.id, signupId), isNull(waitlistSignups.paidAt)))
    .returning({ wasHeld: sql<boolean>`${waitlistSignups.confirmedAt} = now()` });
  if (paid?.wasHeld) await recountPlaces(tx);
}

/**
 * Of these addresses, the ones holding a kept place that brings the lifetime plan: a free one, or a £5
 * one that is paid. Places are kept under the lower-cased address; the addresses come back as given.
 */
export async function lifetimePlaceHolders(db: DbOrTx, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const { rows } = await db.execute<{ email: string }>(sql`
    SELECT DISTINCT given.email FROM unnest(${sql.param([...emails])}::text[]) AS given(email)
    WHERE EXISTS (
      SELECT 1 FROM waitlist_signups places
      WHERE places.email = lower(given.email) AND places.confirmed_at IS NOT NULL
        AND places.position IS NOT NULL
        AND (places.tier = 'free' OR (places.tier = 'lifetime_paid' AND places.paid_at IS NOT NULL)))`);
  return new Set(rows.map((row) => row.email));
}
