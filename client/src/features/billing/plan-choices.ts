import type { BillingStatus } from '@common/billing';
import { isLiveSubscriptionStatus, PLAN_RANK, type PlanId } from '@common/plans';

export type PlanChoice =
  | { kind: 'choose' }
  | { kind: 'owned'; label: string }
  /** On another subscription: switching happens in Stripe's customer portal. */
  | { kind: 'switch' };

/** What each card's button offers, given what the creator already has. */
export function planChoices(status: BillingStatus | undefined): Record<PlanId, PlanChoice> {
  const hasLiveSubscription = isLiveSubscriptionStatus(status?.subscriptionStatus);
  const choiceFor = (plan: PlanId): PlanChoice => {
    if (!status) return { kind: 'choose' };
    // A lifetime place or an operator's grant brings its plan and everything below it.
    const isIncluded =
      (status.planSource === 'lifetime' || status.planSource === 'complimentary') &&
      PLAN_RANK[plan] <= PLAN_RANK[status.plan];
    if (isIncluded) return { kind: 'owned', label: 'Included' };
    if (plan === 'blueprint')
      return status.hasBlueprint ? { kind: 'owned', label: 'Yours' } : { kind: 'choose' };
    if (status.plan === plan) return { kind: 'owned', label: 'Current plan' };
    return hasLiveSubscription ? { kind: 'switch' } : { kind: 'choose' };
  };
  return {
    blueprint: choiceFor('blueprint'),
    guardian: choiceFor('guardian'),
    mastermind: choiceFor('mastermind'),
  };
}
