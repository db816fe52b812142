import type { CurrentUser } from '@common/auth-schemas';
import type { BillingStatus, CreateSubscriptionResponse, PortalSession } from '@common/billing';
import { isLiveSubscriptionStatus, PLANS, type PlanId } from '@common/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Stripe } from '../../integrations/stripe/client';
import { CATALOG } from '../../integrations/stripe/prices';
import { type Payments, requirePayments, withStripe } from './payments';
import {
  type BillingCustomer,
  findBillingCustomer,
  findUserPlan,
  insertBillingCustomer,
  lockBillingForUser,
  recordStartedSubscription,
} from './store';
import { toSubscriptionStatus } from './subscription-state';

export type BillingDeps = {
  db: Db;
  payments: Payments | undefined;
  publicUrl: string;
  log: FastifyBaseLogger;
};

type SubscriptionPlanId = Exclude<PlanId, 'blueprint'>;

/** Refuses to sell what the creator already has (409), before anything is created at Stripe. */
function refuseWhatIsOwned(customer: BillingCustomer | null, plan: PlanId) {
  if (!customer) return;
  if (plan === 'blueprint' && customer.blueprintPaidAt) {
    throw new AppError('CONFLICT', `You already have ${PLANS.blueprint.name}.`);
  }
  if (
    plan !== 'blueprint' &&
    customer.subscriptionPlan &&
    isLiveSubscriptionStatus(customer.subscriptionStatus)
  ) {
    refuseSecondSubscription(customer.subscriptionPlan, plan);
  }
}

function refuseSecondSubscription(current: SubscriptionPlanId, wanted: SubscriptionPlanId): never {
  if (current === wanted) throw new AppError('CONFLICT', `You're already on ${PLANS[current].name}.`);
  throw new AppError(
    'CONFLICT',
    `You're on ${PLANS[current].name}. To move to ${PLANS[wanted].name}, use Manage billing: a second subscription would charge you twice.`,
  );
}

async function ensureCustomer(
  payments: Payments,
  tx: Tx,
  user: CurrentUser,
  customer: BillingCustomer | null,
): Promise<string> {
  if (customer) return customer.stripeCustomerId;
  // Keyed by user: a retry after a lost answer (or a crash before the row below commits) gets the
  // same customer back instead of a second one.
  const created = await payments.stripe.customers.create(
    { email: user.email, ...(user.firstName ? { name: user.firstName } : {}), metadata: { userId: user.id } },
    { idempotencyKey: `ballast-customer-${user.id}` },
  );
  await insertBillingCustomer(tx, user.id, created.id);
  return created.id;
}

async function startBlueprintPayment(payments: Payments, userId: string, stripeCustomerId: string) {
  const price = await payments.prices.price(CATALOG.blueprint);
  const intent = await payments.stripe.paymentIntents.create({
    amount: price.unit_amount ?? CATALOG.blueprint.amountPence,
    currency: price.currency,
    customer: stripeCustomerId,
    automatic_payment_methods: { enabled: true },
    description: PLANS.blueprint.name,
    metadata: { userId, plan: 'blueprint' },
  });
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
  return { clientSecret: intent.client_secret };
}

function confirmationSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

const EXPAND_SECRET = ['latest_invoice.confirmation_secret'];

/**
 * The first payment of a subscription started earlier and never paid (the creator went back, or
 * clicked twice): the same plan reuses it, so two open forms can never become two subscriptions;
 * another plan cancels it. One that was paid meanwhile (its webhook not in yet) is refused as owned.
 */
async function reuseStartedSubscription(
  payments: Payments,
  customer: BillingCustomer | null,
  plan: SubscriptionPlanId,
): Promise<string | null> {
  if (!customer?.subscriptionId || customer.subscriptionStatus !== 'incomplete') return null;
  const started = await payments.stripe.subscriptions.retrieve(customer.subscriptionId, {
    expand: EXPAND_SECRET,
  });
  if (isLiveSubscriptionStatus(started.status) && customer.subscriptionPlan) {
    refuseSecondSubscription(customer.subscriptionPlan, plan);
  }
  if (started.status !== 'incomplete') return null;
  if (customer.subscriptionPlan === plan) return confirmationSecretOf(started);
  await payments.stripe.subscriptions.cancel(started.id);
  return null;
}

async function startSubscription(
  payments: Payments,
  tx: Tx,
  userId: string,
  customer: BillingCustomer | null,
  stripeCustomerId: string,
  plan: SubscriptionPlanId,
): Promise<CreateSubscriptionResponse> {
  const reused = await reuseStartedSubscription(payments, customer, plan);
  if (reused) return { clientSecret: reused };
  const price = await payments.prices.price(CATALOG[plan]);
  const subscription = await payments.stripe.subscriptions.create({
    customer: stripeCustomerId,
    items: [{ price: price.id }],
    // Created incomplete: the creator confirms the first invoice's payment in the Payment Element.
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    expand: EXPAND_SECRET,
    metadata: { userId, plan },
  });
  const clientSecret = confirmationSecretOf(subscription);
  if (!clientSecret) throw new Error(`Subscription ${subscription.id} came without a payment to confirm`);
  await recordStartedSubscription(tx, userId, {
    subscriptionId: subscription.id,
    plan,
    status: toSubscriptionStatus(subscription.status) ?? 'incomplete',
    currentPeriodEnd: null,
    at: subscription.created,
  });
  return { clientSecret };
}

/**
 * POST /api/create-subscription: The Blueprint becomes a PaymentIntent for £79; The Guardian and The
 * Mastermind become an incomplete Subscription on the creator's one customer. Either way the answer
 * is the secret the Payment Element confirms. Nothing here changes a plan: only the webhook does.
 */
export async function createSubscription(
  deps: BillingDeps,
  user: CurrentUser,
  plan: PlanId,
): Promise<CreateSubscriptionResponse> {
  const payments = requirePayments(deps.payments);
  return withStripe(deps.log, `start a payment for ${plan}`, () =>
    deps.db.transaction(async (tx) => {
      await lockBillingForUser(tx, user.id);
      const customer = await findBillingCustomer(tx, user.id);
      refuseWhatIsOwned(customer, plan);
      const stripeCustomerId = await ensureCustomer(payments, tx, user, customer);
      if (plan === 'blueprint') return startBlueprintPayment(payments, user.id, stripeCustomerId);
      return startSubscription(payments, tx, user.id, customer, stripeCustomerId, plan);
    }),
  );
}

export async function getBillingStatus(deps: BillingDeps, userId: string): Promise<BillingStatus> {
  const [plan, customer] = await Promise.all([
    findUserPlan(deps.db, userId),
    findBillingCustomer(deps.db, userId),
  ]);
  const isLive = isLiveSubscriptionStatus(customer?.subscriptionStatus);
  return {
    plan,
    subscriptionStatus: customer?.subscriptionStatus ?? null,
    currentPeriodEnd: isLive ? (customer?.currentPeriodEnd?.toISOString() ?? null) : null,
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
