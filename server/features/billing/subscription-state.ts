import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@common/billing';
import { isLiveSubscriptionStatus, type UserPlan } from '@common/plans';
import type { BillingCustomer, SubscriptionState } from './store';

export function toSubscriptionStatus(status: string): SubscriptionStatus | null {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : null;
}

/** The plan a creator is on: a live subscription's, else The Blueprint once bought, else none. */
export function planFor(
  customer: Pick<BillingCustomer, 'subscriptionPlan' | 'subscriptionStatus' | 'blueprintPaidAt'>,
): UserPlan {
  if (customer.subscriptionPlan && isLiveSubscriptionStatus(customer.subscriptionStatus)) {
    return customer.subscriptionPlan;
  }
  return customer.blueprintPaidAt ? 'blueprint' : 'none';
}

/**
 * Where a status sits in a subscription's life, for events that Stripe stamped with the same second:
 * a subscription starts incomplete, lives (active, past due …) and ends; it never goes back.
 */
function lifeStage(status: string | null): number {
  if (status === 'incomplete') return 0;
  if (status === 'canceled' || status === 'incomplete_expired') return 2;
  return 1;
}

/**
 * Whether an event's subscription state replaces the stored one. Events can arrive late and out of
 * order, so for the same subscription an older state never overwrites a newer one (Stripe's event
 * time, then the stage of life for a tie). Another subscription takes over only when the stored one
 * no longer keeps a plan and the new one does, or when none is stored.
 */
export function isNewerState(
  stored: Pick<BillingCustomer, 'subscriptionId' | 'subscriptionStatus' | 'subscriptionStateAt'>,
  incoming: SubscriptionState,
): boolean {
  if (!stored.subscriptionId) return true;
  if (stored.subscriptionId !== incoming.subscriptionId) {
    return isLiveSubscriptionStatus(incoming.status) && !isLiveSubscriptionStatus(stored.subscriptionStatus);
  }
  const storedAt = stored.subscriptionStateAt ?? 0;
  if (incoming.at !== storedAt) return incoming.at > storedAt;
  return lifeStage(incoming.status) >= lifeStage(stored.subscriptionStatus);
}
