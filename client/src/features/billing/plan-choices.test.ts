import type { BillingStatus } from '@common/billing';
import { describe, expect, it } from 'vitest';
import { planChoices } from './plan-choices';

const status = (overrides: Partial<BillingStatus>): BillingStatus => ({
  plan: 'none',
  planSource: null,
  planLabel: 'No plan yet',
  subscriptionStatus: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  hasBlueprint: false,
  canManageBilling: false,
  ...overrides,
});

describe('planChoices', () => {
  it('sells nothing a lifetime place or a grant already brings', () => {
    expect(planChoices(status({ plan: 'guardian', planSource: 'lifetime' }))).toEqual({
      blueprint: { kind: 'owned', label: 'Included' },
      guardian: { kind: 'owned', label: 'Included' },
      mastermind: { kind: 'choose' },
    });
    expect(planChoices(status({ plan: 'mastermind', planSource: 'complimentary' })).guardian).toEqual({
      kind: 'owned',
      label: 'Included',
    });
  });

  it('offers every plan to a creator with none (and while their status loads)', () => {
    const everything = {
      blueprint: { kind: 'choose' },
      guardian: { kind: 'choose' },
      mastermind: { kind: 'choose' },
    };
    expect(planChoices(undefined)).toEqual(everything);
    expect(planChoices(status({}))).toEqual(everything);
    // An unpaid or ended subscription is no reason to send them to the portal.
    expect(planChoices(status({ subscriptionStatus: 'incomplete' }))).toEqual(everything);
    expect(planChoices(status({ subscriptionStatus: 'canceled' }))).toEqual(everything);
  });

  it('marks the current subscription and sends other subscriptions to Manage billing', () => {
    for (const subscriptionStatus of ['active', 'past_due'] as const) {
      expect(planChoices(status({ plan: 'guardian', subscriptionStatus }))).toEqual({
        blueprint: { kind: 'choose' },
        guardian: { kind: 'owned', label: 'Current plan' },
        mastermind: { kind: 'switch' },
      });
    }
  });

  it('marks The Blueprint as theirs once bought, with the subscriptions still on offer', () => {
    expect(planChoices(status({ plan: 'blueprint', hasBlueprint: true }))).toEqual({
      blueprint: { kind: 'owned', label: 'Yours' },
      guardian: { kind: 'choose' },
      mastermind: { kind: 'choose' },
    });
  });
});
