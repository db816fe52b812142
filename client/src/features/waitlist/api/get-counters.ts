import { COUNTERS_REFRESH_MS, type WaitlistCounters } from '@common/waitlist';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export function getWaitlistCounters(): Promise<WaitlistCounters> {
  return apiJson<WaitlistCounters>('GET', '/api/waitlist/counters');
}

export function waitlistCountersQueryOptions() {
  return queryOptions({ queryKey: ['/api/waitlist/counters'], queryFn: getWaitlistCounters });
}

/** Spots left; refreshed every 30 seconds while a page shows them, and after every signup. */
export function useWaitlistCounters() {
  return useQuery({ ...waitlistCountersQueryOptions(), refetchInterval: COUNTERS_REFRESH_MS });
}
