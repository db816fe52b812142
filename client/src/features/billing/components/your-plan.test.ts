import type { BillingStatus } from '@common/billing';
import { describe, expect, it } from 'vitest';
import { onMachineInZone } from '../../../../../tests/support/machine-zone';

onMachineInZone('America/Los_Angeles');

describe('the plan’s renewal date', () => {
  it('is the day in London, whatever the browser’s zone', async () => {
    // Imported once the zone is set, as a page loads in that browser.
    const { describePlan } = await import('./your-plan');
    const status = {
      plan: 'guardian',
      planLabel: 'Guardian',
      planSource: 'paid',
      subscriptionStatus: 'active',
      // 00:30 BST on 1 July: still 30 June in California.
      currentPeriodEnd: '2027-06-30T23:30:00.000Z',
      cancelAtPeriodEnd: false,
    } as BillingStatus;
    expect(describePlan(status).detail).toBe('Renews on 1 July 2027. Cancel anytime.');
  });
});
