import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import {
  type FakeStripe,
  type StripeEvent,
  sendStripeEvent,
  signStripePayload,
  startFakeStripe,
} from '../../../tests/support/stripe-server';
import { as, signUpUser } from '../../../tests/support/users';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { TRUST_PROXY: 'true', ...stripe.env } });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

type Request = ReturnType<typeof as>;

/** A creator with an unpaid subscription to `plan`, as POST /api/create-subscription leaves them. */
async function creatorWithSubscription(plan: 'guardian' | 'mastermind' = 'guardian') {
  const user = await signUpUser(t);
  const request = as(t, user);
  const response = await request('/api/create-subscription', { method: 'POST', json: { plan } });
  expect(response.status).toBe(200);
  const { rows } = await t.database.pool.query<{ subscription_id: string }>(
    'SELECT subscription_id FROM billing_customers WHERE user_id = $1',
    [user.id],
  );
  return { user, request, subscriptionId: rows[0]!.subscription_id };
}

async function billing(request: Request) {
  return (await (await request('/api/billing')).json()) as {
    plan: string;
    subscriptionStatus: string | null;
    currentPeriodEnd: string | null;
  };
}

/** The paid plan the webhook left in billing's own table, or null where it left no row. */
async function storedPaidPlan(userId: string) {
  const { rows } = await t.database.pool.query<{ plan: string }>(
    'SELECT plan FROM account_plans WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.plan ?? null;
}

async function deliver(event: StripeEvent) {
  const response = await sendStripeEvent(t.baseUrl, event);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { received: true; duplicate: boolean };
}

const subscriptionEvent = (
  id: string,
  status: string,
  created: number,
  type = 'customer.subscription.updated',
) => stripe.event(type, stripe.setSubscriptionStatus(id, status), { created });

describe('signatures', () => {
  it('refuses a body whose signature does not match, a tampered body, and a missing signature, with 400', async () => {
    const { request, subscriptionId } = await creatorWithSubscription();
    const payload = JSON.stringify(subscriptionEvent(subscriptionId, 'active', 1_900_000_000));

    const wrongSecret = await sendStripeEvent(t.baseUrl, payload, {
      signature: signStripePayload(payload, 'whsec_someone_else'),
    });
    expect(wrongSecret.status).toBe(400);
    expect((await wrongSecret.json()).error).toBe('BAD_REQUEST');

    const tampered = await sendStripeEvent(t.baseUrl, payload.replace('"active"', '"trialing"'), {
      signature: signStripePayload(payload),
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({
      error: 'BAD_REQUEST',
      message: 'The Stripe signature does not match this body (or is too old). The event was not processed.',
    });

    const unsigned = await fetch(`${t.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).message).toBe('The Stripe-Signature header is missing.');

    const { rows } = await t.database.pool.query('SELECT count(*)::int AS count FROM stripe_events');
    expect(rows[0].count).toBe(0);
    expect((await billing(request)).plan).toBe('none');

    // The same body, signed properly, is accepted: Stripe sends no Origin and passes the origin check.
    expect((await sendStripeEvent(t.baseUrl, payload)).status).toBe(200);
    expect((await billing(request)).plan).toBe('guardian');
  });
});

describe('plans follow the subscription', () => {
  it('active → the plan; past_due keeps it; canceled ends it', async () => {
    const { user, request, subscriptionId } = await creatorWithSubscription('mastermind');
    const start = Math.floor(Date.now() / 1000);
    await deliver(subscriptionEvent(subscriptionId, 'incomplete', start, 'customer.subscription.created'));
    expect(await billing(request)).toMatchObject({ plan: 'none', subscriptionStatus: 'incomplete' });
    expect(await storedPaidPlan(user.id)).toBeNull();

    await deliver(subscriptionEvent(subscriptionId, 'active', start + 60));
    const active = await billing(request);
    expect(active).toMatchObject({ plan: 'mastermind', subscriptionStatus: 'active' });
    expect(active.currentPeriodEnd).not.toBeNull();
    expect(await storedPaidPlan(user.id)).toBe('mastermind');

    await deliver(subscriptionEvent(subscriptionId, 'past_due', start + 120));
    expect(await billing(request)).toMatchObject({ plan: 'mastermind', subscriptionStatus: 'past_due' });

    await deliver(
      subscriptionEvent(subscriptionId, 'canceled', start + 180, 'customer.subscription.deleted'),
    );
    expect(await billing(request)).toMatchObject({
      plan: 'none',
      subscriptionStatus: 'canceled',
      currentPeriodEnd: null,
    });
    expect(await storedPaidPlan(user.id)).toBeNull();
  });

  it('The Blueprint stays after a subscription on top of it ends', async () => {
    const { user, request, subscriptionId } = await creatorWithSubscription('guardian');
    const blueprint = await request('/api/create-subscription', {
      method: 'POST',
      json: { plan: 'blueprint' },
    });
    const { clientSecret } = await blueprint.json();
    const intent = [...stripe.objects.paymentIntents.values()].find(
      (pi) => pi.client_secret === clientSecret,
    )!;
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeedPaymentIntent(intent.id)));
    expect(await billing(request)).toMatchObject({ plan: 'blueprint', hasBlueprint: true });

    const start = Math.floor(Date.now() / 1000);
    await deliver(subscriptionEvent(subscriptionId, 'active', start));
    expect((await billing(request)).plan).toBe('guardian');
    await deliver(subscriptionEvent(subscriptionId, 'canceled', start + 1, 'customer.subscription.deleted'));
    expect((await billing(request)).plan).toBe('blueprint');
    expect(await storedPaidPlan(user.id)).toBe('blueprint');
  });

  it('ignores payments that are not ours for The Blueprint, and customers it does not know', async () => {
    const { request } = await creatorWithSubscription();
    const invoicePayment = [...stripe.objects.paymentIntents.values()].at(-1)!;
    await deliver(stripe.event('payment_intent.succeeded', stripe.succeedPaymentIntent(invoicePayment.id)));
    expect((await billing(request)).plan).toBe('none');

    const stranger = {
      id: 'sub_stranger',
      object: 'subscription',
      customer: 'cus_stranger',
      status: 'active',
    };
    expect(
      await deliver(stripe.event('customer.subscription.updated', { ...stranger, items: { data: [] } })),
    ).toEqual({ received: true, duplicate: false });
  });
});

describe('each event is processed once', () => {
  async function updatedAt(userId: string) {
    const { rows } = await t.database.pool.query<{ updated_at: Date }>(
      'SELECT updated_at FROM billing_customers WHERE user_id = $1',
      [userId],
    );
    return rows[0]!.updated_at.toISOString();
  }

  it('a replayed event changes nothing the second time', async () => {
    const { user, request, subscriptionId } = await creatorWithSubscription();
    const event = subscriptionEvent(subscriptionId, 'active', Math.floor(Date.now() / 1000));
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    const afterFirst = await updatedAt(user.id);

    expect(await deliver(event)).toEqual({ received: true, duplicate: true });
    expect(await updatedAt(user.id)).toBe(afterFirst);
    expect((await billing(request)).plan).toBe('guardian');
    const { rows } = await t.database.pool.query('SELECT id, type FROM stripe_events WHERE id = $1', [
      event.id,
    ]);
    expect(rows).toEqual([{ id: event.id, type: 'customer.subscription.updated' }]);
  });

  it('of the same event delivered several times at once, exactly one is processed', async () => {
    const { request, subscriptionId } = await creatorWithSubscription();
    const event = subscriptionEvent(subscriptionId, 'active', Math.floor(Date.now() / 1000));
    const answers = await Promise.all(Array.from({ length: 6 }, () => deliver(event)));
    expect(answers.filter((answer) => !answer.duplicate)).toHaveLength(1);
    expect((await billing(request)).plan).toBe('guardian');
  });
});

describe('events out of order', () => {
  it('an older event delivered late does not overwrite a newer state', async () => {
    const { request, subscriptionId } = await creatorWithSubscription();
    const start = Math.floor(Date.now() / 1000);
    const activated = subscriptionEvent(subscriptionId, 'active', start);
    const canceled = subscriptionEvent(
      subscriptionId,
      'canceled',
      start + 30,
      'customer.subscription.deleted',
    );

    await deliver(canceled);
    await deliver(activated);
    expect(await billing(request)).toMatchObject({ plan: 'none', subscriptionStatus: 'canceled' });
  });

  it('within one second, a subscription never goes back to incomplete', async () => {
    const { request, subscriptionId } = await creatorWithSubscription();
    const second = Math.floor(Date.now() / 1000) + 5;
    await deliver(subscriptionEvent(subscriptionId, 'active', second));
    await deliver(subscriptionEvent(subscriptionId, 'incomplete', second, 'customer.subscription.created'));
    expect(await billing(request)).toMatchObject({ plan: 'guardian', subscriptionStatus: 'active' });
  });

  it('a late event about an earlier, abandoned subscription leaves the current one alone', async () => {
    const { request, subscriptionId: abandoned } = await creatorWithSubscription('guardian');
    const start = Math.floor(Date.now() / 1000);
    // Changed their mind: the unpaid Guardian subscription is canceled, The Mastermind's is paid.
    const response = await request('/api/create-subscription', {
      method: 'POST',
      json: { plan: 'mastermind' },
    });
    expect(response.status).toBe(200);
    const current = [...stripe.objects.subscriptions.values()].at(-1)!.id;
    await deliver(subscriptionEvent(current, 'active', start + 10));
    await deliver(subscriptionEvent(abandoned, 'canceled', start + 20, 'customer.subscription.deleted'));
    expect(await billing(request)).toMatchObject({ plan: 'mastermind', subscriptionStatus: 'active' });
  });
});

describe('webhook settings', () => {
  it('answers 503 without STRIPE_WEBHOOK_SECRET, and without payments at all', async () => {
    const { STRIPE_WEBHOOK_SECRET: _secret, ...withoutSecret } = stripe.env;
    for (const env of [withoutSecret, {}]) {
      const app = await startTestApp({ env });
      try {
        const payload = JSON.stringify(stripe.event('customer.subscription.updated', { id: 'sub_x' }));
        const response = await sendStripeEvent(app.baseUrl, payload);
        expect(response.status).toBe(503);
        expect((await response.json()).error).toBe('PAYMENTS_NOT_CONFIGURED');
      } finally {
        await app.close();
      }
    }
  });
});
