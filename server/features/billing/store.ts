import type { SubscriptionStatus } from '@common/billing';
import { LIVE_SUBSCRIPTION_STATUSES, type PlanId, type UserPlan } from '@common/plans';
import { and, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';
import { billingCustomers, stripeEvents } from '../../db/schema/billing';

export type BillingCustomer = typeof billingCustomers.$inferSelect;

export type SubscriptionState = {
  subscriptionId: string;
  plan: Exclude<PlanId, 'blueprint'>;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  /** Stripe's time (seconds) of this state. */
  at: number;
};

/**
 * Serialises billing changes for one creator until the transaction ends (two clicks on "choose
 * plan" make one customer and one subscription, not two).
 */
export async function lockBillingForUser(tx: Tx, userId: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`billing:${userId}`}, 0))`);
}

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

export async function findUserPlan(db: DbOrTx, userId: string): Promise<UserPlan> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return (row?.plan ?? 'none') as UserPlan;
}

/** The only writer of `users.plan`, called by webhook processing. */
export async function setUserPlan(tx: Tx, userId: string, plan: UserPlan) {
  await tx.update(users).set({ plan, updatedAt: sql`now()` }).where(eq(users.id, userId));
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
