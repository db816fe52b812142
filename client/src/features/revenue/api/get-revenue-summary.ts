import type { RevenueSummary } from '@common/revenue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export function getRevenueSummary(): Promise<RevenueSummary> {
  return apiJson<RevenueSummary>('GET', '/api/revenue/summary');
}

export function revenueSummaryQueryOptions() {
  return queryOptions({ queryKey: ['/api/revenue/summary'], queryFn: getRevenueSummary });
}

export function useRevenueSummary() {
  return useQuery(revenueSummaryQueryOptions());
}
