import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { Stripe } from '../../integrations/stripe/client';
import {
  LIFETIME_PLACE_CHECKOUT_PATH,
  lifetimePlaceLink,
  verifyLifetimePlaceToken,
} from '../../integrations/stripe/lifetime-place-link';
import { CATALOG } from '../../integrations/stripe/prices';
import {
  findLifetimePlace,
  type LifetimePlace,
  lockLifetimePlace,
  markLifetimePlacePaid,
} from '../waitlist/public';
import {
  findOpenCheckout,
  findOtherOpenCheckouts,
  insertCheckout,
  markCheckoutCompleted,
  markCheckoutRefunded,
} from './lifetime-place-store';
import { type Payments, withStripe } from './payments';

/** Marks our Checkout Sessions (and their payments) as the £5 for a lifetime waitlist place. */
export const LIFETIME_PLACE_PURPOSE = 'lifetime_place';

export const LIFETIME_PLACE_RETURN_PATH = '/api/billing/lifetime-place/return';

export type LifetimePlaceDeps = {
  db: Db;
  payments: Payments | undefined;
  publicUrl: string;
  sessionSecret: string;
  log: FastifyBaseLogger;
};

export type CheckoutOutcome =
  | { outcome: 'redirect'; url: string }
  | { outcome: 'already-paid'; position: number }
  | { outcome: 'invalid-link' }
  | { outcome: 'payments-off'; position: number };

export type ReturnOutcome =
  | { outcome: 'paid'; position: number }
  | { outcome: 'not-paid'; position: number; payUrl: string }
  | { outcome: 'invalid-link' };

/** Only a lifetime place can be paid for; a token for anything else is treated as a broken link. */
async function placeFor(db: Db, secret: string, token: string): Promise<LifetimePlace | null> {
  const signupId = verifyLifetimePlaceToken(secret, token);
  const place = signupId ? await findLifetimePlace(db, signupId) : null;
  return place?.tier === 'lifetime_paid' ? place : null;
}

async function createCheckoutSession(
  deps: LifetimePlaceDeps,
  payments: Payments,
  tx: Tx,
  place: LifetimePlace,
  token: string,
) {
  const price = await payments.prices.price(CATALOG.lifetimePlace);
  const metadata = { purpose: LIFETIME_PLACE_PURPOSE, signupId: place.id, position: String(place.position) };
  const returnUrl = `${deps.publicUrl}${LIFETIME_PLACE_RETURN_PATH}?token=${encodeURIComponent(token)}`;
  const session = await payments.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: place.email,
    client_reference_id: place.id,
    metadata,
    payment_intent_data: {
      description: `Ballast lifetime access: waitlist position #${place.position}`,
      metadata,
    },
    success_url: `${returnUrl}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: returnUrl,
  });
  if (!session.url) throw new Error(`Checkout Session ${session.id} came without a URL`);
  await insertCheckout(tx, {
    stripeSessionId: session.id,
    signupId: place.id,
    url: session.url,
    expiresAt: new Date(session.expires_at * 1000),
  });
  return session.url;
}

/**
 * The emailed link: a Checkout Session for £5 bound to the place, or word that it is paid. The place
 * is locked meanwhile, and a session still open is handed out again, so however often the link is
 * opened there is one payment to make; a paid place gets no session at all.
 */
export async function openLifetimePlaceCheckout(
  deps: LifetimePlaceDeps,
  token: string,
): Promise<CheckoutOutcome> {
  const found = await placeFor(deps.db, deps.sessionSecret, token);
  if (!found) return { outcome: 'invalid-link' };
  const payments = deps.payments;
  if (!payments)
    return found.paidAt
      ? { outcome: 'already-paid', position: found.position }
      : { outcome: 'payments-off', position: found.position };
  return withStripe(deps.log, 'open a Checkout Session for a lifetime place', () =>
    deps.db.transaction(async (tx): Promise<CheckoutOutcome> => {
      const place = await lockLifetimePlace(tx, found.id);
      if (!place) return { outcome: 'invalid-link' };
      if (place.paidAt) return { outcome: 'already-paid', position: place.position };
      const open = await findOpenCheckout(tx, place.id);
      if (open) {
        const session = await payments.stripe.checkout.sessions.retrieve(open.stripeSessionId);
        // Paid a moment ago, its webhook not in yet: still never a second payment.
        if (session.status === 'complete') return { outcome: 'already-paid', position: place.position };
        if (session.status === 'open' && session.url) return { outcome: 'redirect', url: session.url };
      }
      return { outcome: 'redirect', url: await createCheckoutSession(deps, payments, tx, place, token) };
    }),
  );
}

/** Where Stripe sends the buyer back: paid (by the webhook, or by Stripe's word on this session) or not. */
export async function describeLifetimePlaceReturn(
  deps: LifetimePlaceDeps,
  token: string,
  sessionId: string | undefined,
): Promise<ReturnOutcome> {
  const place = await placeFor(deps.db, deps.sessionSecret, token);
  if (!place) return { outcome: 'invalid-link' };
  if (place.paidAt) return { outcome: 'paid', position: place.position };
  if (sessionId && deps.payments) {
    try {
      const session = await deps.payments.stripe.checkout.sessions.retrieve(sessionId);
      if (session.metadata?.signupId === place.id && session.payment_status === 'paid') {
        return { outcome: 'paid', position: place.position };
      }
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      deps.log.warn({ checkoutSession: sessionId }, `Checkout Session could not be read: ${error.message}`);
    }
  }
  return {
    outcome: 'not-paid',
    position: place.position,
    payUrl: lifetimePlaceLink(deps.publicUrl, deps.sessionSecret, place.id),
  };
}

/**
 * `checkout.session.completed` for a lifetime place, inside the webhook's transaction: the first
 * payment marks the place paid and closes any other session still open for it; a payment for a place
 * already paid (two sessions paid in two tabs) is refunded in full, so nobody pays twice.
 */
export async function completeLifetimePlacePayment(
  deps: { payments: Payments; log: FastifyBaseLogger },
  tx: Tx,
  session: Stripe.Checkout.Session,
) {
  // Delayed payment methods complete the session unpaid and succeed later (a second event).
  if (session.payment_status !== 'paid') return;
  const signupId = session.metadata?.signupId;
  const place = signupId ? await lockLifetimePlace(tx, signupId) : null;
  if (!place) {
    deps.log.warn({ checkoutSession: session.id }, 'Lifetime place payment for a signup that does not exist');
    return;
  }
  const isFirstCompletion = await markCheckoutCompleted(tx, {
    stripeSessionId: session.id,
    signupId: place.id,
    url: session.url ?? `${LIFETIME_PLACE_CHECKOUT_PATH}#${session.id}`,
    expiresAt: new Date(session.expires_at * 1000),
  });
  if (!isFirstCompletion) return;
  if (!place.paidAt) {
    await markLifetimePlacePaid(tx, place.id);
    for (const other of await findOtherOpenCheckouts(tx, place.id, session.id)) {
      await deps.payments.stripe.checkout.sessions.expire(other.stripeSessionId).catch((error: unknown) => {
        if (!(error instanceof Stripe.errors.StripeError)) throw error;
      });
    }
    return;
  }
  const paymentIntent =
    typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
  if (!paymentIntent) throw new Error(`Paid Checkout Session ${session.id} has no payment to refund`);
  await deps.payments.stripe.refunds.create(
    { payment_intent: paymentIntent, reason: 'duplicate', metadata: { signupId: place.id } },
    { idempotencyKey: `ballast-refund-${session.id}` },
  );
  await markCheckoutRefunded(tx, session.id);
  deps.log.warn(
    { checkoutSession: session.id, signup: place.id },
    'A second payment for a lifetime place that was already paid: refunded in full',
  );
}
