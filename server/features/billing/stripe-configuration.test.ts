import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { startFakeStripe } from '../../../tests/support/stripe-server';
import { as, signUpUser } from '../../../tests/support/users';
import { setUpAppWithStripe, stripe, t } from './test-support';

setUpAppWithStripe();

describe('prices', () => {
  it('are created on first use (product and price by lookup key) and then reused', async () => {
    const fresh = await startFakeStripe();
    const first = await startTestApp({ env: { TRUST_PROXY: 'true', ...fresh.env } });
    const second = await startTestApp({ env: { TRUST_PROXY: 'true', ...fresh.env } });
    try {
      const buy = async (app: TestApp, plan: string) => {
        const response = await as(app, await signUpUser(app))('/api/create-subscription', {
          method: 'POST',
          json: { plan },
        });
        expect(response.status).toBe(200);
      };
      await buy(first, 'guardian');
      expect([...fresh.objects.prices.values()]).toEqual([
        expect.objectContaining({
          lookup_key: 'ballast_guardian_gbp_monthly',
          unit_amount: 2900,
          currency: 'gbp',
          recurring: { interval: 'month', interval_count: 1 },
        }),
      ]);
      expect([...fresh.objects.products.values()]).toEqual([
        expect.objectContaining({ name: 'The Guardian' }),
      ]);

      // The same instance remembers it; another instance finds it by its lookup key.
      await buy(first, 'guardian');
      expect(fresh.requestsTo('GET', '/v1/prices')).toHaveLength(1);
      await buy(second, 'guardian');
      expect(fresh.requestsTo('GET', '/v1/prices')).toHaveLength(2);
      expect(fresh.objects.prices.size).toBe(1);
      expect(fresh.objects.products.size).toBe(1);

      await buy(second, 'blueprint');
      expect([...fresh.objects.prices.values()].map((price) => [price.lookup_key, price.type])).toEqual([
        ['ballast_guardian_gbp_monthly', 'recurring'],
        ['ballast_blueprint_gbp', 'one_time'],
      ]);
    } finally {
      await first.close();
      await second.close();
      await fresh.close();
    }
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('answers 503 PAYMENTS_NOT_CONFIGURED, and /api/config says payments are off', async () => {
    const off = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const request = as(off, await signUpUser(off));
      const response = await request('/api/create-subscription', {
        method: 'POST',
        json: { plan: 'guardian' },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: 'PAYMENTS_NOT_CONFIGURED',
        message:
          'Payments are not set up on this server yet, so plans cannot be bought. Please contact support.',
      });
      expect((await request('/api/billing/portal', { method: 'POST' })).status).toBe(503);
      expect((await (await request('/api/billing')).json()).canManageBilling).toBe(false);
      expect((await (await off.request('/api/config')).json()).stripePublishableKey).toBeNull();
    } finally {
      await off.close();
    }
    expect((await (await t.request('/api/config')).json()).stripePublishableKey).toBe(
      stripe.env.STRIPE_PUBLISHABLE_KEY,
    );
  });
});
