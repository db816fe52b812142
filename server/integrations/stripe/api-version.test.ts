import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type FakeStripe, startFakeStripe } from '../../../tests/support/stripe-server';
import { as, signUpUser } from '../../../tests/support/users';
import { STRIPE_API_VERSION } from './client';

let t: TestApp;
let stripe: FakeStripe;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: stripe.env });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('the Stripe API version', () => {
  it('is named on every request the app makes, and is the version of the events the stand-in sends', async () => {
    const user = await signUpUser(t);
    const started = await as(t, user)('/api/create-subscription', {
      method: 'POST',
      json: { plan: 'guardian' },
    });
    expect(started.status).toBe(200);
    expect(stripe.requests.length).toBeGreaterThan(0);
    expect(new Set(stripe.requests.map((request) => request.stripeVersion))).toEqual(
      new Set([STRIPE_API_VERSION]),
    );
    expect(stripe.event('ping', { id: 'x', object: 'test' }).api_version).toBe(STRIPE_API_VERSION);
  });
});
