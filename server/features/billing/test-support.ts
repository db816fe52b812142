// What the subscription test files share: one app against a Stripe stand-in, and the steps a creator
// takes to buy a plan there.
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type FakeStripe, sendStripeEvent, startFakeStripe } from '../../../tests/support/stripe-server';
import { as, signUpUser } from '../../../tests/support/users';

// Assigned before the file's tests run; importers read them as live bindings.
export let stripe: FakeStripe;
export let t: TestApp;

/** Starts the Stripe stand-in and the app before the calling file's tests, and stops them after. */
export function setUpAppWithStripe(): void {
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await startTestApp({ env: { TRUST_PROXY: 'true', ...stripe.env } });
  });

  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });
}

export type Request = ReturnType<typeof as>;

export async function newCreator() {
  const user = await signUpUser(t);
  return { user, request: as(t, user) };
}

export function choosePlan(request: Request, plan: unknown) {
  return request('/api/create-subscription', { method: 'POST', json: { plan } });
}

export async function clientSecretFor(request: Request, plan: string): Promise<string> {
  const response = await choosePlan(request, plan);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { clientSecret: string }).clientSecret;
}

export function subscriptionWithSecret(clientSecret: string) {
  return [...stripe.objects.subscriptions.values()].find((subscription) => {
    const invoice = stripe.objects.invoices.get(subscription.latest_invoice as string);
    return (
      (invoice?.confirmation_secret as { client_secret: string } | undefined)?.client_secret === clientSecret
    );
  });
}

/** The first invoice paid: Stripe turns the subscription active and says so. */
export async function payFirstInvoice(clientSecret: string) {
  const subscription = subscriptionWithSecret(clientSecret)!;
  const active = stripe.setSubscriptionStatus(subscription.id, 'active');
  const response = await sendStripeEvent(t.baseUrl, stripe.event('customer.subscription.updated', active));
  expect(response.status).toBe(200);
  return subscription.id;
}
