import type { HealthHistory } from '@common/health-check';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** GET /api/health-check/history: recent runs' overall scores, oldest first. */
export function healthHistoryQueryOptions() {
  return queryOptions({
    queryKey: ['/api/health-check/history'],
    queryFn: getQueryFn<HealthHistory>({ on401: 'throw' }),
  });
}

export function useHealthHistory() {
  return useQuery(healthHistoryQueryOptions());
}
