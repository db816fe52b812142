import type { CreateSubscriptionResponse } from '@common/billing';
import type { PlanId } from '@common/plans';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** Starts paying for a plan; answers the secret the Payment Element confirms. */
export function createSubscription(plan: PlanId): Promise<CreateSubscriptionResponse> {
  return apiJson<CreateSubscriptionResponse>('POST', '/api/create-subscription', { plan });
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
