import type { AuditPage } from '@common/admin-people';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';

/** Every page and filter of the log: an action anywhere in the console makes them all stale. */
export const AUDIT_LOG_KEY = ['/api/admin/audit-log'] as const;

export type AuditFilters = { operator?: string; action?: string; from?: string; to?: string };

function auditLogQueryOptions(filters: AuditFilters, page: number, isEnabled: boolean) {
  const query = new URLSearchParams({ page: String(page) });
  for (const [name, value] of Object.entries(filters)) if (value) query.set(name, value);
  return queryOptions({
    queryKey: [...AUDIT_LOG_KEY, filters, page],
    queryFn: () => apiJson<AuditPage>('GET', `/api/admin/audit-log?${query}`),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    ...CURRENT_FIGURES,
  });
}

export const useAuditLog = (filters: AuditFilters, page: number, isEnabled = true) =>
  useQuery(auditLogQueryOptions(filters, page, isEnabled));
