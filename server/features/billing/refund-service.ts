import type { AccountPayment, RefundResult } from '@common/admin-plans';
import { isLiveSubscriptionStatus, MONEY_BACK_DAYS, PLANS } from '@common/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { Stripe } from '../../integrations/stripe/client';
import { type Payments, requirePayments, withStripe } from './payments';
import { type BillingCustomer, findBillingCustomer } from './store';

/*
 * The billing feature's public module for operators: an account's payments and the money-back
 * refund. A refund changes no plan here; the webhook that follows does (charge.refunded for The
 * Blueprint, the subscription's deletion for a monthly plan, which is cancelled with its refund).
 */

export type RefundDeps = { db: Db; payments: Payments | undefined; log: FastifyBaseLogger; now: Clock };

const DAY_MS = 24 * 3600 * 1000;
const PAYMENTS_SHOWN = 20;

const chargeOf = (intent: Stripe.PaymentIntent): Stripe.Charge | null =>
  intent.latest_charge && typeof intent.latest_charge !== 'string' ? intent.latest_charge : null;

function describePayment(intent: Stripe.PaymentIntent, customer: BillingCustomer): string {
  if (intent.id === customer.blueprintPaymentIntentId || intent.metadata?.plan === 'blueprint') {
    return PLANS.blueprint.name;
  }
  return intent.description ?? 'Subscription payment';
}

function toPayment(intent: Stripe.PaymentIntent, customer: BillingCustomer, now: Date): AccountPayment {
  const isRefunded = Boolean(chargeOf(intent)?.refunded);
  const ageMs = now.getTime() - intent.created * 1000;
  return {
    id: intent.id,
    description: describePayment(intent, customer),
    amountPence: intent.amount,
    currency: intent.currency,
    createdAt: new Date(intent.created * 1000).toISOString(),
    isRefunded,
    isRefundable: intent.status === 'succeeded' && !isRefunded && ageMs < MONEY_BACK_DAYS * DAY_MS,
  };
}

/** The account's payments that went through, newest first (none without a Stripe customer). */
export async function listAccountPayments(deps: RefundDeps, userId: string) {
  const now = deps.now();
  const customer = await findBillingCustomer(deps.db, userId);
  if (!customer || !deps.payments) return [];
  const { stripe } = deps.payments;
  const intents = await withStripe(deps.log, 'list the payments', () =>
    stripe.paymentIntents.list({
      customer: customer.stripeCustomerId,
      limit: PAYMENTS_SHOWN,
      expand: ['data.latest_charge'],
    }),
  );
  return intents.data
    .filter((intent) => intent.status === 'succeeded')
    .map((intent) => toPayment(intent, customer, now));
}

/**
 * Refunds one of the account's payments in full, under the money-back promise: paid, not refunded
 * yet, less than MONEY_BACK_DAYS old. Keyed by the payment, so a second click refunds nothing more.
 */
export async function refundAccountPayment(
  deps: RefundDeps,
  userId: string,
  request: { paymentId: string; reason: string },
): Promise<RefundResult> {
  const now = deps.now();
  const payments = requirePayments(deps.payments);
  const customer = await findBillingCustomer(deps.db, userId);
  if (!customer) throw notFound('A payment with that id for this account');
  return withStripe(deps.log, 'refund a payment', async () => {
    const intent = await payments.stripe.paymentIntents
      .retrieve(request.paymentId, { expand: ['latest_charge'] })
      .catch((error: unknown) => {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
    if (!intent || intent.customer !== customer.stripeCustomerId) {
      throw notFound('A payment with that id for this account');
    }
    const payment = toPayment(intent, customer, now);
    if (payment.isRefunded) throw new AppError('CONFLICT', 'This payment has already been refunded.');
    if (!payment.isRefundable) {
      throw new AppError(
        'CONFLICT',
        `The money-back promise covers ${MONEY_BACK_DAYS} days, and this payment is older (or did not go through). Refund it from Stripe's dashboard if you must.`,
      );
    }
    const refund = await payments.stripe.refunds.create(
      {
        payment_intent: intent.id,
        reason: 'requested_by_customer',
        metadata: { userId, reason: request.reason },
      },
      { idempotencyKey: `ballast-refund-${intent.id}` },
    );
    const isSubscriptionPayment = payment.description !== PLANS.blueprint.name;
    const cancels =
      isSubscriptionPayment &&
      customer.subscriptionId &&
      isLiveSubscriptionStatus(customer.subscriptionStatus);
    if (cancels) await payments.stripe.subscriptions.cancel(customer.subscriptionId!);
    return { refundId: refund.id, amountPence: refund.amount, isSubscriptionCancelled: Boolean(cancels) };
  });
}
