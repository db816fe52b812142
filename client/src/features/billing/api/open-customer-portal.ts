import type { PortalSession } from '@common/billing';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** A session in Stripe's customer portal (cancel, change plan, update the card); answers its URL. */
export function openCustomerPortal(): Promise<PortalSession> {
  return apiJson<PortalSession>('POST', '/api/billing/portal');
}

export function useOpenCustomerPortal() {
  return useMutation({
    mutationFn: openCustomerPortal,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
