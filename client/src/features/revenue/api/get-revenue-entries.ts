import type { RevenueEntry } from '@common/revenue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** The revenue dashboard lists the 10 most recent entries; the creator dashboard shows 5 of them. */
export const RECENT_ENTRIES = 10;

export function getRevenueEntries(limit: number): Promise<RevenueEntry[]> {
  return apiJson<RevenueEntry[]>('GET', `/api/revenue?limit=${limit}`);
}

export function recentRevenueQueryOptions() {
  return queryOptions({
    queryKey: ['/api/revenue', { limit: RECENT_ENTRIES }],
    queryFn: () => getRevenueEntries(RECENT_ENTRIES),
  });
}

export function useRecentRevenue() {
  return useQuery(recentRevenueQueryOptions());
}
