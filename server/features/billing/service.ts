import type { BillingStatus, PortalSession } from '@common/billing';
import { describePlan, isLiveSubscriptionStatus } from '@common/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findEffectivePlan } from './entitlement-service';
import { type Payments, requirePayments, withStripe } from './payments';
import { findBillingCustomer } from './store';

export type BillingDeps = {
  db: Db;
  payments: Payments | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
};

export async function getBillingStatus(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  const [effective, customer] = await Promise.all([
    findEffectivePlan(deps.db, userId),
    findBillingCustomer(deps.db, userId),
  ]);
  const isLive = isLiveSubscriptionStatus(customer?.subscriptionStatus);
  return {
    plan: effective.plan,
    planSource: effective.source,
    planLabel: describePlan(effective),
    subscriptionStatus: customer?.subscriptionStatus ?? null,
    currentPeriodEnd: isLive ? (customer?.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: isLive && Boolean(customer?.cancelAtPeriodEnd),
    hasBlueprint: Boolean(customer?.blueprintPaidAt),
    canManageBilling: Boolean(customer && deps.payments),
  };
}

/** Stripe's customer portal, where a creator cancels, changes plan or updates their card. */
export async function openCustomerPortal(deps: BillingDeps, userId: string): Promise<PortalSession> {
  const payments = requirePayments(deps.payments);
  const customer = await findBillingCustomer(deps.db, userId);
  if (!customer) {
    throw new AppError('NOT_FOUND', 'There is no billing account to manage yet: choose a plan first.');
  }
  const session = await withStripe(deps.log, 'open the customer portal', () =>
    payments.stripe.billingPortal.sessions.create({
      customer: customer.stripeCustomerId,
      return_url: `${deps.publicUrl}/subscribe`,
    }),
  );
  return { url: session.url };
}
