import { isLiveSubscriptionStatus, isPlanId } from '@common/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { Stripe } from '../../integrations/stripe/client';
import { planForLookupKey } from '../../integrations/stripe/prices';
import { completeLifetimePlacePayment, LIFETIME_PLACE_PURPOSE } from './lifetime-place-service';
import { type Payments, requirePayments } from './payments';
import {
  clearPendingPayment,
  lockBillingCustomerByStripeId,
  markBlueprintPaid,
  markBlueprintRefunded,
  recordStripeEvent,
  type SubscriptionState,
  updateSubscriptionState,
  writePaidPlan,
} from './store';
import { isNewerState, planFor, toSubscriptionStatus } from './subscription-state';

export type WebhookDeps = { db: Db; payments: Payments | undefined; log: FastifyBaseLogger };

/** The event in a webhook request, once its signature proves Stripe sent this exact body. */
export function verifyStripeEvent(
  payments: Payments | undefined,
  rawBody: Buffer,
  signature: string | string[] | undefined,
): Stripe.Event {
  const { stripe, webhookSecret } = requirePayments(payments);
  if (!webhookSecret) {
    throw new AppError(
      'PAYMENTS_NOT_CONFIGURED',
      'Stripe webhooks are not accepted here: STRIPE_WEBHOOK_SECRET is not set.',
    );
  }
  if (typeof signature !== 'string' || signature === '') {
    throw new AppError('BAD_REQUEST', 'The Stripe-Signature header is missing.');
  }
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new AppError(
        'BAD_REQUEST',
        'The Stripe signature does not match this body (or is too old). The event was not processed.',
      );
    }
    throw error;
  }
}

const customerIdOf = (customer: string | { id: string } | null) =>
  typeof customer === 'string' ? customer : (customer?.id ?? null);

/** A subscription's state from an event stamped `at`: the plan comes from its price's lookup key. */
async function applySubscription(deps: WebhookDeps, tx: Tx, subscription: Stripe.Subscription, at: number) {
  const customerId = customerIdOf(subscription.customer);
  const customer = customerId ? await lockBillingCustomerByStripeId(tx, customerId) : null;
  if (!customer) {
    deps.log.warn(
      { subscription: subscription.id },
      'Stripe subscription for a customer we do not know; ignored',
    );
    return;
  }
  const item = subscription.items.data[0];
  const metadataPlan = subscription.metadata?.plan;
  const plan =
    planForLookupKey(item?.price.lookup_key) ??
    (metadataPlan && isPlanId(metadataPlan) && metadataPlan !== 'blueprint' ? metadataPlan : null);
  const status = toSubscriptionStatus(subscription.status);
  if (!plan || !status) {
    deps.log.warn(
      { subscription: subscription.id, status: subscription.status, lookupKey: item?.price.lookup_key },
      'Stripe subscription with a price or status we do not sell; ignored',
    );
    return;
  }
  const state: SubscriptionState = {
    subscriptionId: subscription.id,
    plan,
    status,
    currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
    // Cancelled in the portal: the plan stays while the status is live, until Stripe ends it.
    cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end || subscription.cancel_at),
    at,
  };
  if (!isNewerState(customer, state)) {
    deps.log.info(
      { subscription: subscription.id, status, at },
      'Stripe subscription event older than the state we hold; ignored',
    );
    return;
  }
  const updated = await updateSubscriptionState(tx, customer.userId, state);
  await writePaidPlan(tx, customer.userId, planFor(updated));
  if (isLiveSubscriptionStatus(status)) await clearPendingPayment(tx, customer.userId, plan);
}

async function applyBlueprintPayment(deps: WebhookDeps, tx: Tx, intent: Stripe.PaymentIntent) {
  // Subscription invoices succeed through PaymentIntents too; only ours for The Blueprint matter here.
  if (intent.metadata?.plan !== 'blueprint') return;
  const customerId = customerIdOf(intent.customer);
  const customer = customerId ? await lockBillingCustomerByStripeId(tx, customerId) : null;
  if (!customer) {
    deps.log.warn({ paymentIntent: intent.id }, 'Blueprint payment for a customer we do not know; ignored');
    return;
  }
  const updated = await markBlueprintPaid(tx, customer.userId, intent.id);
  await writePaidPlan(tx, customer.userId, planFor(updated));
  await clearPendingPayment(tx, customer.userId, 'blueprint');
}

/**
 * A refund of The Blueprint's payment in full (the money-back promise) takes it away; a subscription
 * refunded by an operator is cancelled at the same time, and its deletion event ends that plan.
 */
async function applyRefund(deps: WebhookDeps, tx: Tx, charge: Stripe.Charge) {
  if (!charge.refunded) return;
  const intentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return;
  const updated = await markBlueprintRefunded(tx, intentId);
  if (!updated) return;
  deps.log.info({ paymentIntent: intentId }, 'The Blueprint refunded; its plan goes');
  await writePaidPlan(tx, updated.userId, planFor(updated));
}

async function applyEvent(deps: WebhookDeps, tx: Tx, event: Stripe.Event) {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
    case 'customer.subscription.paused':
    case 'customer.subscription.resumed':
      return applySubscription(deps, tx, event.data.object, event.created);
    case 'payment_intent.succeeded':
      return applyBlueprintPayment(deps, tx, event.data.object);
    case 'charge.refunded':
      return applyRefund(deps, tx, event.data.object);
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      if (event.data.object.metadata?.purpose !== LIFETIME_PLACE_PURPOSE) return;
      return completeLifetimePlacePayment(
        { ...deps, payments: requirePayments(deps.payments) },
        tx,
        event.data.object,
      );
    default:
      return;
  }
}

/**
 * Processes a verified event once: its id is recorded in the same transaction as its effects, so a
 * replayed event (or two deliveries at once) changes nothing the second time. A failure rolls both
 * back and answers 500, and Stripe delivers the event again later.
 */
export async function processStripeEvent(
  deps: WebhookDeps,
  event: Stripe.Event,
): Promise<'processed' | 'duplicate'> {
  return deps.db.transaction(async (tx) => {
    if (!(await recordStripeEvent(tx, event))) return 'duplicate';
    await applyEvent(deps, tx, event);
    return 'processed';
  });
}
