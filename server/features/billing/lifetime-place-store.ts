import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { lifetimePlaceCheckouts } from '../../db/schema/billing';

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
