import type { CurrentUser } from '@common/auth-schemas';
import type { CreateSubscriptionResponse } from '@common/billing';
import { type EffectivePlan, isLiveSubscriptionStatus, PLAN_RANK, PLANS, type PlanId } from '@common/plans';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { Stripe } from '../../integrations/stripe/client';
import { CATALOG } from '../../integrations/stripe/prices';
import { findEffectivePlan } from './entitlement-service';
import { isStripeError, type Payments, requirePayments, withStripe } from './payments';
import type { BillingDeps } from './service';
import {
  type BillingCustomer,
  claimPendingPayment,
  clearPendingPayment,
  findBillingCustomer,
  findPendingPayments,
  insertBillingCustomer,
  type PendingPayment,
  recordPendingObject,
  recordStartedSubscription,
  renewPendingAttempt,
} from './store';
import { toSubscriptionStatus } from './subscription-state';

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

/** A lifetime place or an operator's grant already brings this plan (or one above it): nothing to buy. */
function refuseWhatIsIncluded(effective: EffectivePlan, plan: PlanId) {
  if (effective.source === 'paid' || effective.source === null) return;
  if (PLAN_RANK[plan] <= PLAN_RANK[effective.plan]) {
    throw new AppError(
      'CONFLICT',
      `${PLANS[plan].name} is already part of your plan, ${PLANS[effective.plan as PlanId].name} (${effective.source === 'lifetime' ? 'lifetime' : 'complimentary'}).`,
    );
  }
}

function refuseSecondSubscription(current: SubscriptionPlanId, wanted: SubscriptionPlanId): never {
  if (current === wanted) throw new AppError('CONFLICT', `You're already on ${PLANS[current].name}.`);
  throw new AppError(
    'CONFLICT',
    `You're on ${PLANS[current].name}. To move to ${PLANS[wanted].name}, use Manage billing: a second subscription would charge you twice.`,
  );
}

/**
 * The creator's one Stripe customer. Created under a key made from the user id, so a retry after a
 * lost answer (or two clicks at once) gets the same customer back; stored once its payment exists.
 */
async function ensureCustomer(payments: Payments, user: CurrentUser, customer: BillingCustomer | null) {
  if (customer) return customer.stripeCustomerId;
  const created = await payments.stripe.customers.create(
    { email: user.email, ...(user.firstName ? { name: user.firstName } : {}), metadata: { userId: user.id } },
    { idempotencyKey: `ballast-customer-${user.id}` },
  );
  return created.id;
}

function confirmationSecretOf(subscription: Stripe.Subscription): string | null {
  const invoice = subscription.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

const EXPAND_SECRET = ['latest_invoice.confirmation_secret'];
const PAID_INTENT_STATUSES = ['succeeded', 'processing', 'requires_capture'];

/**
 * What became of the object an earlier attempt made: still to be paid (its secret again, so two open
 * forms never become two payments), paid already (its webhook not in yet: 409), or dead (null).
 */
async function reusePending(payments: Payments, pending: PendingPayment & { stripeObjectId: string }) {
  if (pending.plan === 'blueprint') {
    const intent = await payments.stripe.paymentIntents.retrieve(pending.stripeObjectId);
    if (PAID_INTENT_STATUSES.includes(intent.status)) {
      throw new AppError(
        'CONFLICT',
        `Your payment for ${PLANS.blueprint.name} went through: it switches on in a moment.`,
      );
    }
    return intent.status === 'canceled' ? null : intent.client_secret;
  }
  const started = await payments.stripe.subscriptions.retrieve(pending.stripeObjectId, {
    expand: EXPAND_SECRET,
  });
  if (isLiveSubscriptionStatus(started.status)) refuseSecondSubscription(pending.plan, pending.plan);
  return started.status === 'incomplete' ? confirmationSecretOf(started) : null;
}

/** An unpaid subscription for another plan is cancelled when the creator picks this one instead. */
async function cancelOtherStarted(payments: Payments, db: DbOrTx, userId: string, plan: SubscriptionPlanId) {
  for (const other of await findPendingPayments(db, userId)) {
    if (other.plan === 'blueprint' || other.plan === plan || !other.stripeObjectId) continue;
    const started = await payments.stripe.subscriptions.retrieve(other.stripeObjectId);
    if (isLiveSubscriptionStatus(started.status)) refuseSecondSubscription(other.plan, plan);
    if (started.status === 'incomplete') await payments.stripe.subscriptions.cancel(started.id);
    await clearPendingPayment(db, userId, other.plan);
  }
}

/** Makes the attempt's object at Stripe under the attempt's idempotency key; answers its id and secret. */
async function createAtStripe(
  payments: Payments,
  userId: string,
  stripeCustomerId: string,
  pending: PendingPayment,
): Promise<{ id: string; clientSecret: string; subscription?: Stripe.Subscription }> {
  const idempotencyKey = `ballast-${pending.plan}-${pending.attemptId}`;
  const price = await payments.prices.price(CATALOG[pending.plan]);
  if (pending.plan === 'blueprint') {
    const intent = await payments.stripe.paymentIntents.create(
      {
        amount: price.unit_amount ?? CATALOG.blueprint.amountPence,
        currency: price.currency,
        customer: stripeCustomerId,
        automatic_payment_methods: { enabled: true },
        description: PLANS.blueprint.name,
        metadata: { userId, plan: 'blueprint' },
      },
      { idempotencyKey },
    );
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }
  const subscription = await payments.stripe.subscriptions.create(
    {
      customer: stripeCustomerId,
      items: [{ price: price.id }],
      // Created incomplete: the creator confirms the first invoice's payment in the Payment Element.
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: EXPAND_SECRET,
      metadata: { userId, plan: pending.plan },
    },
    { idempotencyKey },
  );
  const clientSecret = confirmationSecretOf(subscription);
  if (!clientSecret) throw new Error(`Subscription ${subscription.id} came without a payment to confirm`);
  return { id: subscription.id, clientSecret, subscription };
}

/** A refusal Stripe would repeat for the same key (a 4xx it answered), unlike a lost connection. */
const isFinalRefusal = (error: unknown) =>
  isStripeError(error) &&
  error.statusCode !== undefined &&
  error.statusCode >= 400 &&
  error.statusCode < 500 &&
  ![409, 429].includes(error.statusCode);

async function startPayment(
  deps: BillingDeps,
  payments: Payments,
  user: CurrentUser,
  stripeCustomerId: string,
  plan: PlanId,
): Promise<CreateSubscriptionResponse> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const pending = await claimPendingPayment(deps.db, user.id, plan);
    if (pending.stripeObjectId) {
      const secret = await reusePending(payments, { ...pending, stripeObjectId: pending.stripeObjectId });
      if (secret) return { clientSecret: secret };
      await renewPendingAttempt(deps.db, pending.attemptId);
      continue;
    }
    let created: Awaited<ReturnType<typeof createAtStripe>>;
    try {
      created = await createAtStripe(payments, user.id, stripeCustomerId, pending);
    } catch (error) {
      // Stripe keeps a refusal under its key: the next click needs a key of its own.
      if (isFinalRefusal(error)) await renewPendingAttempt(deps.db, pending.attemptId);
      throw error;
    }
    await insertBillingCustomer(deps.db, user.id, stripeCustomerId);
    await recordPendingObject(deps.db, pending.attemptId, created.id);
    if (created.subscription && plan !== 'blueprint') {
      await recordStartedSubscription(deps.db, user.id, {
        subscriptionId: created.id,
        plan,
        status: toSubscriptionStatus(created.subscription.status) ?? 'incomplete',
        currentPeriodEnd: null,
        at: created.subscription.created,
      });
    }
    return { clientSecret: created.clientSecret };
  }
  throw new AppError('CONFLICT', 'The payment could not be started just now. Please try again.');
}

/**
 * POST /api/create-subscription: The Blueprint becomes a PaymentIntent for £79; The Guardian and The
 * Mastermind become an incomplete Subscription on the creator's one customer. Either way the answer
 * is the secret the Payment Element confirms. No transaction or lock is held while Stripe answers:
 * a pending row per creator and plan gives two clicks the same idempotency key instead. Nothing here
 * changes a plan: only the webhook does.
 */
export async function createSubscription(
  deps: BillingDeps,
  user: CurrentUser,
  plan: PlanId,
): Promise<CreateSubscriptionResponse> {
  const payments = requirePayments(deps.payments);
  return withStripe(deps.log, `start a payment for ${plan}`, async () => {
    const [customer, effective] = await Promise.all([
      findBillingCustomer(deps.db, user.id),
      findEffectivePlan(deps.db, user.id),
    ]);
    refuseWhatIsOwned(customer, plan);
    refuseWhatIsIncluded(effective, plan);
    const stripeCustomerId = await ensureCustomer(payments, user, customer);
    if (plan !== 'blueprint') await cancelOtherStarted(payments, deps.db, user.id, plan);
    return startPayment(deps, payments, user, stripeCustomerId, plan);
  });
}
