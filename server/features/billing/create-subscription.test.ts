import { describe, expect, it } from 'vitest';
import { sendStripeEvent } from '../../../tests/support/stripe-server';
import {
  choosePlan,
  clientSecretFor,
  newCreator,
  payFirstInvoice,
  type Request,
  setUpAppWithStripe,
  stripe,
  subscriptionWithSecret,
  t,
} from './test-support';

setUpAppWithStripe();

async function planOf(request: Request) {
  return ((await (await request('/api/billing')).json()) as { plan: string }).plan;
}

async function customerRows(userId: string) {
  const { rows } = await t.database.pool.query('SELECT * FROM billing_customers WHERE user_id = $1', [
    userId,
  ]);
  return rows;
}

describe('POST /api/create-subscription', () => {
  it.each([
    [{ plan: 'platinum' }, 'plan: Choose a plan: blueprint, guardian or mastermind.'],
    [{}, 'plan: Choose a plan: blueprint, guardian or mastermind.'],
    [{ plan: 'GUARDIAN' }, 'plan: Choose a plan: blueprint, guardian or mastermind.'],
  ])('refuses %j with 400 and a readable message, creating nothing at Stripe', async (body, message) => {
    const { request } = await newCreator();
    const before = stripe.requests.length;
    const response = await request('/api/create-subscription', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'VALIDATION_ERROR', message });
    expect(stripe.requests.length).toBe(before);
  });

  it('The Blueprint: a £79 PaymentIntent in GBP on the creator’s own customer, and no plan yet', async () => {
    const { user, request } = await newCreator();
    const clientSecret = await clientSecretFor(request, 'blueprint');
    const intent = [...stripe.objects.paymentIntents.values()].find(
      (candidate) => candidate.client_secret === clientSecret,
    );
    const [customer] = await customerRows(user.id);
    expect(intent).toMatchObject({
      amount: 7900,
      currency: 'gbp',
      customer: customer.stripe_customer_id,
      metadata: { userId: user.id, plan: 'blueprint' },
    });
    expect(stripe.objects.customers.get(customer.stripe_customer_id)).toMatchObject({
      email: user.email,
      metadata: { userId: user.id },
    });
    // Only a signed webhook changes a plan.
    expect(await planOf(request)).toBe('none');
  });

  it('The Guardian: an incomplete £29/month subscription, answering its first invoice’s secret', async () => {
    const { user, request } = await newCreator();
    const clientSecret = await clientSecretFor(request, 'guardian');
    const subscription = subscriptionWithSecret(clientSecret);
    expect(subscription).toMatchObject({
      status: 'incomplete',
      metadata: { userId: user.id, plan: 'guardian' },
    });
    const price = (subscription!.items as { data: { price: Record<string, unknown> }[] }).data[0]!.price;
    expect(price).toMatchObject({
      lookup_key: 'ballast_guardian_gbp_monthly',
      unit_amount: 2900,
      currency: 'gbp',
      recurring: { interval: 'month' },
    });
    const creation = stripe.requestsTo('POST', '/v1/subscriptions').at(-1)!;
    expect(creation.params).toMatchObject({
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    const [row] = await customerRows(user.id);
    expect(row).toMatchObject({ subscription_id: subscription!.id, subscription_status: 'incomplete' });
    expect(await planOf(request)).toBe('none');
  });

  it('The Mastermind: £199/month', async () => {
    const { request } = await newCreator();
    const subscription = subscriptionWithSecret(await clientSecretFor(request, 'mastermind'));
    const price = (subscription!.items as { data: { price: Record<string, unknown> }[] }).data[0]!.price;
    expect(price).toMatchObject({ lookup_key: 'ballast_mastermind_gbp_monthly', unit_amount: 19900 });
  });

  it('keeps one Stripe customer per creator, whatever they buy', async () => {
    const { user, request } = await newCreator();
    const before = stripe.objects.customers.size;
    await clientSecretFor(request, 'blueprint');
    await clientSecretFor(request, 'guardian');
    await clientSecretFor(request, 'blueprint');
    expect(stripe.objects.customers.size).toBe(before + 1);
    expect(await customerRows(user.id)).toHaveLength(1);
    const creations = stripe
      .requestsTo('POST', '/v1/customers')
      .filter((creation) => (creation.params.metadata as { userId: string }).userId === user.id);
    expect(creations.map((creation) => creation.idempotencyKey)).toEqual([`ballast-customer-${user.id}`]);
  });

  it('hands out the same unpaid subscription again for the same plan, even for two clicks at once', async () => {
    const { request } = await newCreator();
    const before = stripe.objects.subscriptions.size;
    const [first, second] = await Promise.all([
      clientSecretFor(request, 'guardian'),
      clientSecretFor(request, 'guardian'),
    ]);
    expect(second).toBe(first);
    expect(await clientSecretFor(request, 'guardian')).toBe(first);
    expect(stripe.objects.subscriptions.size).toBe(before + 1);
  });

  it('cancels an unpaid subscription when the creator picks another plan instead', async () => {
    const { request } = await newCreator();
    const abandoned = subscriptionWithSecret(await clientSecretFor(request, 'guardian'))!;
    const chosen = subscriptionWithSecret(await clientSecretFor(request, 'mastermind'))!;
    expect(stripe.objects.subscriptions.get(abandoned.id)!.status).toBe('canceled');
    expect(chosen.status).toBe('incomplete');
  });

  it('answers 409 for the plan the creator is already on, and for a second subscription', async () => {
    const { request } = await newCreator();
    await payFirstInvoice(await clientSecretFor(request, 'guardian'));
    expect(await planOf(request)).toBe('guardian');

    const again = await choosePlan(request, 'guardian');
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'CONFLICT', message: "You're already on The Guardian." });

    const other = await choosePlan(request, 'mastermind');
    expect(other.status).toBe(409);
    expect((await other.json()).message).toMatch(/use Manage billing/);
  });

  it('answers 409 for a subscription paid a moment ago whose webhook has not arrived yet', async () => {
    const { request } = await newCreator();
    const subscription = subscriptionWithSecret(await clientSecretFor(request, 'guardian'))!;
    stripe.setSubscriptionStatus(subscription.id, 'active');
    const response = await choosePlan(request, 'guardian');
    expect(response.status).toBe(409);
    expect(stripe.objects.subscriptions.get(subscription.id)!.status).toBe('active');
  });

  it('answers 409 for what a lifetime place or an operator’s grant already brings, before Stripe hears of it', async () => {
    const { request, user } = await newCreator();
    await t.database.pool.query(
      "INSERT INTO plan_grants (user_id, plan, reason, granted_by) VALUES ($1, 'guardian', 'Partner pilot', 'ops@ballast.test')",
      [user.id],
    );
    const customersBefore = stripe.objects.customers.size;
    for (const plan of ['blueprint', 'guardian'] as const) {
      const response = await choosePlan(request, plan);
      expect(response.status, plan).toBe(409);
      expect(((await response.json()) as { message: string }).message).toContain(
        'is already part of your plan, The Guardian (complimentary).',
      );
    }
    expect(stripe.objects.customers.size).toBe(customersBefore);
    // A plan above it is still on offer.
    expect((await choosePlan(request, 'mastermind')).status).toBe(200);
  });

  it('answers 409 for The Blueprint once it is bought', async () => {
    const { request } = await newCreator();
    const clientSecret = await clientSecretFor(request, 'blueprint');
    const intent = [...stripe.objects.paymentIntents.values()].find(
      (candidate) => candidate.client_secret === clientSecret,
    )!;
    const paid = stripe.succeedPaymentIntent(intent.id);
    expect((await sendStripeEvent(t.baseUrl, stripe.event('payment_intent.succeeded', paid))).status).toBe(
      200,
    );
    expect(await planOf(request)).toBe('blueprint');

    const response = await choosePlan(request, 'blueprint');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: 'CONFLICT', message: 'You already have The Blueprint.' });
    // A subscription is still on offer on top of it.
    expect((await choosePlan(request, 'guardian')).status).toBe(200);
  });

  it('answers 503 with a readable message when Stripe fails, and keeps nothing of the attempt', async () => {
    const { user, request } = await newCreator();
    const allow = stripe.refuse(
      'POST',
      /^\/v1\/subscriptions$/,
      400,
      'Your account cannot create subscriptions.',
    );
    try {
      const response = await choosePlan(request, 'mastermind');
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: 'UNAVAILABLE',
        message:
          'The payment provider could not be reached just now. Nothing was charged; please try again in a moment.',
      });
      expect(await customerRows(user.id)).toEqual([]);
    } finally {
      allow();
    }
    // The retry finds the customer Stripe made the first time (same idempotency key).
    const customersBefore = stripe.objects.customers.size;
    await clientSecretFor(request, 'mastermind');
    expect(stripe.objects.customers.size).toBe(customersBefore);
    expect(await customerRows(user.id)).toHaveLength(1);
  });
});
