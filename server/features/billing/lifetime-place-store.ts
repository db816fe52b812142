import type { WaitlistTier } from '@common/waitlist';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { lifetimePlaceCheckouts } from '../../db/schema/billing';
import { waitlistSignups } from '../../db/schema/waitlist';

/**
 * The waitlist rows a £5 payment concerns, read and written here (the tables are shared; the
 * waitlist feature's code is not). Only `paid_at` is ever written.
 */
export type LifetimePlace = {
  id: string;
  email: string;
  position: number;
  tier: WaitlistTier;
  paidAt: Date | null;
};

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

export type LifetimePlaceCheckout = typeof lifetimePlaceCheckouts.$inferSelect;

/**
 * The newest session for the place that is neither paid nor about to expire (a buyer needs some
 * minutes on Stripe's page).
 */
export async function findOpenCheckout(tx: Tx, signupId: string): Promise<LifetimePlaceCheckout | null> {
  const [row] = await tx
    .select()
    .from(lifetimePlaceCheckouts)
    .where(
      and(
        eq(lifetimePlaceCheckouts.signupId, signupId),
        isNull(lifetimePlaceCheckouts.completedAt),
        gt(lifetimePlaceCheckouts.expiresAt, sql`now() + interval '15 minutes'`),
      ),
    )
    .orderBy(desc(lifetimePlaceCheckouts.createdAt))
    .limit(1);
  return row ?? null;
}

export async function findOtherOpenCheckouts(
  tx: Tx,
  signupId: string,
  exceptSessionId: string,
): Promise<LifetimePlaceCheckout[]> {
  return tx
    .select()
    .from(lifetimePlaceCheckouts)
    .where(
      and(
        eq(lifetimePlaceCheckouts.signupId, signupId),
        isNull(lifetimePlaceCheckouts.completedAt),
        ne(lifetimePlaceCheckouts.stripeSessionId, exceptSessionId),
        gt(lifetimePlaceCheckouts.expiresAt, sql`now()`),
      ),
    );
}

export async function insertCheckout(
  tx: Tx,
  checkout: { stripeSessionId: string; signupId: string; url: string; expiresAt: Date },
) {
  await tx.insert(lifetimePlaceCheckouts).values(checkout);
}

/**
 * Records a session as paid; false when it already was. A session we did not open (made by hand in
 * Stripe's dashboard) is recorded too, so its payment is counted once.
 */
export async function markCheckoutCompleted(
  tx: Tx,
  checkout: { stripeSessionId: string; signupId: string; url: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(lifetimePlaceCheckouts)
    .values({ ...checkout, completedAt: sql`now()` })
    .onConflictDoUpdate({
      target: lifetimePlaceCheckouts.stripeSessionId,
      set: { completedAt: sql`now()` },
      setWhere: isNull(lifetimePlaceCheckouts.completedAt),
    })
    .returning({ id: lifetimePlaceCheckouts.stripeSessionId });
  return rows.length > 0;
}

export async function markCheckoutRefunded(tx: Tx, stripeSessionId: string) {
  await tx
    .update(lifetimePlaceCheckouts)
    .set({ refundedAt: sql`now()` })
    .where(eq(lifetimePlaceCheckouts.stripeSessionId, stripeSessionId));
}
