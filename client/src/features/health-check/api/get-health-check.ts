import type { HealthCheck } from '@common/health-check';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/**
 * GET /api/health-check: the latest result, or null when there is none. A 404 also reads as none, so
 * the cards that show it keep their empty state wherever the endpoint is not there.
 */
export function healthCheckQueryOptions() {
  return queryOptions({
    queryKey: ['/api/health-check'],
    queryFn: getQueryFn<HealthCheck>({ on401: 'throw', on404: 'returnNull' }),
  });
}

export function useHealthCheck() {
  return useQuery(healthCheckQueryOptions());
}
