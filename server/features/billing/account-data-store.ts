// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { accountPlans, billingCustomers, planGrants } from '../../db/schema/billing';

export async function exportBillingData(db: Db, userId: string) {
  const [[customer], [paid], [grant]] = await Promise.all([
    db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)),
    db
      .select({ plan: accountPlans.plan, updatedAt: accountPlans.updatedAt })
      .from(accountPlans)
      .where(eq(accountPlans.userId, userId)),
    db
      .select({ plan: planGrants.plan, reason: planGrants.reason, createdAt: planGrants.createdAt })
      .from(planGrants)
      .where(eq(planGrants.userId, userId)),
  ]);
  return {
    // Stripe's own ids are its bookkeeping and ours (decision 022), not the creator's data.
    billing: customer
      ? withoutColumns(customer, [
          'userId',
          'stripeCustomerId',
          'subscriptionId',
          'subscriptionStateAt',
          'blueprintPaymentIntentId',
        ])
      : null,
    /** The plan paid for, as the last payment event left it. */
    paidPlan: paid ?? null,
    /** A complimentary plan an operator gave, with the reason they recorded. */
    complimentaryPlan: grant ?? null,
  };
}

/** The account's subscription at Stripe and its state, to cancel before the account is erased. */
export async function findSubscriptionOf(db: Db, userId: string) {
  const [customer] = await db
    .select({ subscriptionId: billingCustomers.subscriptionId, status: billingCustomers.subscriptionStatus })
    .from(billingCustomers)
    .where(eq(billingCustomers.userId, userId));
  return customer?.subscriptionId ? { id: customer.subscriptionId, status: customer.status } : null;
}
