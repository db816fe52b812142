import type { SubscriptionStatus } from '@common/billing';
import { LIVE_SUBSCRIPTION_STATUSES, type PlanId, type UserPlan } from '@common/plans';
import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { accountPlans, billingCustomers, pendingPayments, stripeEvents } from '../../db/schema/billing';

export type BillingCustomer = typeof billingCustomers.$inferSelect;

export type SubscriptionState = {
  subscriptionId: string;
  plan: Exclude<PlanId, 'blueprint'>;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  /** Cancelled to end with the paid period (left out: unchanged). */
  cancelAtPeriodEnd?: boolean;
  /** Stripe's time (seconds) of this state. */
  at: number;
};

export async function findBillingCustomer(db: DbOrTx, userId: string): Promise<BillingCustomer | null> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row ?? null;
}

/** The row for a Stripe customer, locked until the transaction ends (webhook events change it). */
export async function lockBillingCustomerByStripeId(
  tx: Tx,
  stripeCustomerId: string,
): Promise<BillingCustomer | null> {
  const [row] = await tx
    .select()
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId))
    .for('update');
  return row ?? null;
}

export async function insertBillingCustomer(db: DbOrTx, userId: string, stripeCustomerId: string) {
  await db.insert(billingCustomers).values({ userId, stripeCustomerId }).onConflictDoNothing();
}

/** The billing row's columns that hold a subscription's state. */
const subscriptionColumns = (state: SubscriptionState) => ({
  subscriptionId: state.subscriptionId,
  subscriptionPlan: state.plan,
  subscriptionStatus: state.status,
  currentPeriodEnd: state.currentPeriodEnd,
  subscriptionStateAt: state.at,
  ...(state.cancelAtPeriodEnd === undefined ? {} : { cancelAtPeriodEnd: state.cancelAtPeriodEnd }),
  updatedAt: sql`now()`,
});

/**
 * A subscription just started (incomplete): remembered so a second click reuses it. No plan changes,
 * and a subscription that keeps a plan (made live by a webhook meanwhile) is never replaced.
 */
export async function recordStartedSubscription(db: DbOrTx, userId: string, state: SubscriptionState) {
  await db
    .update(billingCustomers)
    .set(subscriptionColumns(state))
    .where(
      and(
        eq(billingCustomers.userId, userId),
        or(
          isNull(billingCustomers.subscriptionStatus),
          notInArray(billingCustomers.subscriptionStatus, [...LIVE_SUBSCRIPTION_STATUSES]),
        ),
      ),
    );
}

export async function updateSubscriptionState(
  tx: Tx,
  userId: string,
  state: SubscriptionState,
): Promise<BillingCustomer> {
  const [row] = await tx
    .update(billingCustomers)
    .set(subscriptionColumns(state))
    .where(eq(billingCustomers.userId, userId))
    .returning();
  return row!;
}

/** A refunded Blueprint payment takes The Blueprint away again. */
export async function markBlueprintRefunded(
  tx: Tx,
  paymentIntentId: string,
): Promise<BillingCustomer | null> {
  const [row] = await tx
    .update(billingCustomers)
    .set({ blueprintPaidAt: null, updatedAt: sql`now()` })
    .where(eq(billingCustomers.blueprintPaymentIntentId, paymentIntentId))
    .returning();
  return row ?? null;
}

export async function markBlueprintPaid(
  tx: Tx,
  userId: string,
  paymentIntentId: string,
): Promise<BillingCustomer> {
  const [row] = await tx
    .update(billingCustomers)
    .set({
      blueprintPaidAt: sql`coalesce(${billingCustomers.blueprintPaidAt}, now())`,
      blueprintPaymentIntentId: sql`coalesce(${billingCustomers.blueprintPaymentIntentId}, ${paymentIntentId})`,
      updatedAt: sql`now()`,
    })
    .where(eq(billingCustomers.userId, userId))
    .returning();
  return row!;
}

/**
 * The paid plan as the webhook worked it out from the billing row, in the event's transaction: kept while
 * one is held, removed at 'none' (decision 054).
 */
export async function writePaidPlan(tx: Tx, userId: string, plan: UserPlan) {
  if (plan === 'none') {
    await tx.delete(accountPlans).where(eq(accountPlans.userId, userId));
    return;
  }
  await tx
    .insert(accountPlans)
    .values({ userId, plan })
    .onConflictDoUpdate({ target: accountPlans.userId, set: { plan, updatedAt: sql`now()` } });
}

/**
 * Records the event as processed; false when it already was. A second delivery arriving while the
 * first is still being processed waits here on the primary key until the first commits (then it
 * finds the row) or rolls back (then it processes the event itself).
 */
export async function recordStripeEvent(
  tx: Tx,
  event: { id: string; type: string; created: number },
): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, stripeCreatedAt: event.created })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export type PendingPayment = typeof pendingPayments.$inferSelect;

/** The payment being started for this plan: the one already there (two clicks meet here), or a new one. */
export async function claimPendingPayment(db: DbOrTx, userId: string, plan: PlanId): Promise<PendingPayment> {
  await db.insert(pendingPayments).values({ userId, plan }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(pendingPayments)
    .where(and(eq(pendingPayments.userId, userId), eq(pendingPayments.plan, plan)));
  return row!;
}

export async function findPendingPayments(db: DbOrTx, userId: string): Promise<PendingPayment[]> {
  return db.select().from(pendingPayments).where(eq(pendingPayments.userId, userId));
}

/** Remembers what Stripe made for this attempt (the same object, whichever click records it). */
export async function recordPendingObject(db: DbOrTx, attemptId: string, stripeObjectId: string) {
  await db.update(pendingPayments).set({ stripeObjectId }).where(eq(pendingPayments.attemptId, attemptId));
}

/**
 * A new attempt (so a new idempotency key) in place of one whose object can no longer be paid or
 * that Stripe refused; only the first of two clicks replaces it.
 */
export async function renewPendingAttempt(db: DbOrTx, attemptId: string) {
  await db
    .update(pendingPayments)
    .set({ attemptId: sql`gen_random_uuid()`, stripeObjectId: null, createdAt: sql`now()` })
    .where(eq(pendingPayments.attemptId, attemptId));
}

/** The payment went through (or was abandoned): nothing pending for this plan any more. */
export async function clearPendingPayment(db: DbOrTx, userId: string, plan: PlanId) {
  await db
    .delete(pendingPayments)
    .where(and(eq(pendingPayments.userId, userId), eq(pendingPayments.plan, plan)));
}
