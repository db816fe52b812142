import type { RevenueFilters, RevenueHistory } from '@common/revenue';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export type HistoryQuery = RevenueFilters & { page: number };

/** The query string the history and its CSV download share: only the filters that are set. */
export function historySearch({ page, ...filters }: Partial<HistoryQuery>): string {
  const search = new URLSearchParams();
  if (filters.source) search.set('source', filters.source);
  if (filters.month) search.set('month', filters.month);
  if (page && page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function getRevenueHistory(query: HistoryQuery): Promise<RevenueHistory> {
  return apiJson<RevenueHistory>('GET', `/api/revenue/history${historySearch(query)}`);
}

/** Every page and filter lives under one key prefix, so a change to any entry refreshes them all. */
export function revenueHistoryQueryOptions(query?: HistoryQuery) {
  return queryOptions({
    queryKey: query ? ['/api/revenue/history', query] : ['/api/revenue/history'],
    queryFn: () => getRevenueHistory(query ?? { page: 1 }),
  });
}

/** Keeps the page on screen while the next one loads, so the table does not jump. */
export function useRevenueHistory(query: HistoryQuery) {
  return useQuery({ ...revenueHistoryQueryOptions(query), placeholderData: keepPreviousData });
}

/** Where the "Export CSV" link downloads what the table shows (every page of it). */
export function revenueExportUrl(filters: RevenueFilters): string {
  return `/api/revenue/export${historySearch(filters)}`;
}
