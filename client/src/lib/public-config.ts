import type { PublicConfig } from '@common/auth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';

/** GET /api/config: sign-in methods, the Stripe publishable key, the support address. */
export function publicConfigQueryOptions() {
  return queryOptions<PublicConfig>({ queryKey: ['/api/config'] });
}

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions()).data;
}
