import type { AdminWaitlistPage, WaitlistFilters } from '@common/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';

/** The query string for the filters (and page): the list and the CSV export take the same one. */
export function waitlistSearch(filters: WaitlistFilters, page?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page && page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function adminWaitlistQueryOptions(filters: WaitlistFilters = {}, page = 1) {
  return queryOptions({
    queryKey: ['/api/admin/waitlist', filters, page],
    queryFn: () => apiJson<AdminWaitlistPage>('GET', `/api/admin/waitlist${waitlistSearch(filters, page)}`),
    placeholderData: keepPreviousData,
    ...CURRENT_FIGURES,
  });
}

export const useAdminWaitlist = (filters: WaitlistFilters, page: number) =>
  useQuery(adminWaitlistQueryOptions(filters, page));
