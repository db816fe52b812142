import { describe, expect, it } from 'vitest';
import { clientSecretFor, newCreator, payFirstInvoice, setUpAppWithStripe, stripe, t } from './test-support';

setUpAppWithStripe();

describe('GET /api/billing and the customer portal', () => {
  it('shows the plan and opens Stripe’s customer portal once there is a customer', async () => {
    const { request } = await newCreator();
    expect(await (await request('/api/billing')).json()).toEqual({
      plan: 'none',
      planSource: null,
      planLabel: 'No plan yet',
      subscriptionStatus: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      hasBlueprint: false,
      canManageBilling: false,
    });
    const noCustomer = await request('/api/billing/portal', { method: 'POST' });
    expect(noCustomer.status).toBe(404);
    expect((await noCustomer.json()).message).toBe(
      'There is no billing account to manage yet: choose a plan first.',
    );

    const subscriptionId = await payFirstInvoice(await clientSecretFor(request, 'mastermind'));
    const status = await (await request('/api/billing')).json();
    expect(status).toMatchObject({
      plan: 'mastermind',
      subscriptionStatus: 'active',
      hasBlueprint: false,
      canManageBilling: true,
    });
    const periodEnd = (
      stripe.objects.subscriptions.get(subscriptionId)!.items as { data: { current_period_end: number }[] }
    ).data[0]!.current_period_end;
    expect(status.currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());

    const portal = await request('/api/billing/portal', { method: 'POST' });
    expect(portal.status).toBe(200);
    const { url } = await portal.json();
    expect(url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions').at(-1)!.params).toMatchObject({
      return_url: `${t.baseUrl}/subscribe`,
    });
  });
});
