import type { BillingStatus } from '@common/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type FakeStripe, sendStripeEvent, startFakeStripe } from '../../../tests/support/stripe-server';
import { as, signInWithEmailLink, signUpUser, type TestUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';

const OPERATOR = 'life-ops@ballast.test';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { TRUST_PROXY: 'true', ADMIN_EMAILS: OPERATOR, ...stripe.env } });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const billing = async (user: TestUser) => (await (await as(t, user)('/api/billing')).json()) as BillingStatus;

/** A creator subscribes and pays the first invoice; answers the subscription's id. */
async function subscribe(user: TestUser, plan: 'guardian' | 'mastermind') {
  const started = await as(t, user)('/api/create-subscription', { method: 'POST', json: { plan } });
  expect(started.status).toBe(200);
  const subscription = [...stripe.objects.subscriptions.values()].find(
    (each) => (each.metadata as { userId?: string }).userId === user.id && each.status === 'incomplete',
  )!;
  const active = stripe.setSubscriptionStatus(subscription.id, 'active');
  expect(
    (await sendStripeEvent(t.baseUrl, stripe.event('customer.subscription.updated', active))).status,
  ).toBe(200);
  return subscription.id;
}

describe('cancelling in the customer portal', () => {
  it('keeps the plan to the end of the paid month, then the deletion event ends it', async () => {
    const user = await signUpUser(t);
    const subscriptionId = await subscribe(user, 'guardian');
    const portal = await as(t, user)('/api/billing/portal', { method: 'POST' });
    expect(portal.status).toBe(200);

    // What the portal does when the creator cancels, and the event Stripe then sends.
    const stripeApi = await fetch(`${stripe.url}/v1/subscriptions/${subscriptionId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripe.env.STRIPE_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'cancel_at_period_end=true',
    });
    const cancelling = await stripeApi.json();
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await sendStripeEvent(t.baseUrl, stripe.event('customer.subscription.updated', cancelling));
    expect(await billing(user)).toMatchObject({
      plan: 'guardian',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
    });

    // The period ends: Stripe deletes the subscription.
    const ended = stripe.setSubscriptionStatus(subscriptionId, 'canceled', {
      ended_at: cancelling.cancel_at,
    });
    await sendStripeEvent(t.baseUrl, stripe.event('customer.subscription.deleted', ended));
    expect(await billing(user)).toMatchObject({ plan: 'none', cancelAtPeriodEnd: false });
  });
});

describe('refunding a monthly plan', () => {
  it('cancels the subscription with the refund; the plan goes with the deletion event', async () => {
    const operatorUser = await signInWithEmailLink(t, OPERATOR);
    const user = await signUpUser(t);
    const subscriptionId = await subscribe(user, 'mastermind');
    const [payment] = (await (await as(t, operatorUser)(`/api/admin/users/${user.id}/payments`)).json()) as {
      id: string;
      amountPence: number;
    }[];
    expect(payment).toMatchObject({ amountPence: 19900 });
    const refunded = await as(t, operatorUser)(`/api/admin/users/${user.id}/refunds`, {
      method: 'POST',
      json: { paymentId: payment!.id, reason: 'Money-back promise' },
    });
    expect(await refunded.json()).toMatchObject({ amountPence: 19900, isSubscriptionCancelled: true });
    const canceled = stripe.objects.subscriptions.get(subscriptionId)!;
    expect(canceled.status).toBe('canceled');
    expect((await billing(user)).plan).toBe('mastermind');
    await sendStripeEvent(
      t.baseUrl,
      stripe.event('customer.subscription.deleted', structuredClone(canceled)),
    );
    expect((await billing(user)).plan).toBe('none');
  });
});

describe('starting payments while Stripe is slow', () => {
  it('holds no database connection while Stripe answers, and two clicks still make one subscription', async () => {
    const creators = await Promise.all(Array.from({ length: 7 }, () => signUpUser(t)));
    const release = stripe.stall('POST', /^\/v1\/subscriptions$/);
    try {
      await whileStripeStalls(creators, release);
    } finally {
      release();
    }
  });
});

async function whileStripeStalls(creators: TestUser[], release: () => void) {
  const started = creators.map((user) =>
    as(t, user)('/api/create-subscription', { method: 'POST', json: { plan: 'guardian' } }),
  );
  const twice = as(t, creators[0]!)('/api/create-subscription', {
    method: 'POST',
    json: { plan: 'guardian' },
  });
  await waitUntil(
    () => stripe.requestsTo('POST', /^\/v1\/subscriptions$/).length >= 8,
    10_000,
    'every payment waiting on Stripe',
  );
  // More creations wait on Stripe than the app has connections (5): the app still answers.
  const meanwhile = await as(t, creators[1]!)('/api/billing');
  expect(meanwhile.status).toBe(200);
  const { rows } = await t.database.pool.query(
    "SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
  );
  expect(rows[0].open).toBe(0);
  release();
  const answers = await Promise.all([...started, twice]);
  expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  const [first, second] = await Promise.all([answers[0]!.json(), answers[7]!.json()]);
  expect(second).toEqual(first);
  const mine = [...stripe.objects.subscriptions.values()].filter(
    (each) => (each.metadata as { userId?: string }).userId === creators[0]!.id,
  );
  expect(mine).toHaveLength(1);
}
