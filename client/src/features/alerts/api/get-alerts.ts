import type { Alert } from '@common/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** GET /api/alerts: the creator's alerts, newest first. A 404 reads as none. */
export function alertsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/alerts'],
    queryFn: getQueryFn<Alert[]>({ on401: 'throw', on404: 'returnNull' }),
    select: (alerts) => alerts ?? [],
  });
}

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
