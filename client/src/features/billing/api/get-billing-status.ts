import type { BillingStatus } from '@common/billing';
import { type Feature, planCovers } from '@common/plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export function getBillingStatus(): Promise<BillingStatus> {
  return apiJson<BillingStatus>('GET', '/api/billing');
}

export function billingStatusQueryOptions() {
  return queryOptions({ queryKey: ['/api/billing'], queryFn: getBillingStatus });
}

/**
 * Whether a plan just paid for shows in the status: The Blueprint as bought (a higher plan the creator
 * holds does not hide it), a subscription as the plan itself.
 */
export function hasArrived(status: BillingStatus | undefined, awaitingPlan: string | undefined): boolean {
  if (!status || awaitingPlan === undefined) return false;
  return awaitingPlan === 'blueprint' ? status.hasBlueprint : status.plan === awaitingPlan;
}

/**
 * The creator's plan. `awaitingPlan`: a payment just went through and the plan changes when Stripe's
 * webhook arrives, so the status is asked for again every 2 s until it shows (for a minute at most).
 */
export function useBillingStatus({ awaitingPlan }: { awaitingPlan?: string } = {}) {
  return useQuery({
    ...billingStatusQueryOptions(),
    refetchInterval: (query) =>
      awaitingPlan && !hasArrived(query.state.data, awaitingPlan) && query.state.dataUpdateCount < 30
        ? 2000
        : false,
  });
}

/** Whether the creator's plan opens a feature; undefined while the plan loads (or failed to). */
export function usePlanCovers(feature: Feature): boolean | undefined {
  const status = useQuery(billingStatusQueryOptions());
  return status.data ? planCovers(status.data.plan, feature) : undefined;
}
