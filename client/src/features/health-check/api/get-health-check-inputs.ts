import type { HealthCheckInputs } from '@common/health-check';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** GET /api/health-check/inputs: what the next run would read. */
export function healthCheckInputsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/health-check/inputs'],
    queryFn: getQueryFn<HealthCheckInputs>({ on401: 'throw' }),
    // Revenue added elsewhere changes it; the screen reads it fresh each time it opens.
    refetchOnMount: 'always',
  });
}

export function useHealthCheckInputs() {
  return useQuery(healthCheckInputsQueryOptions());
}
