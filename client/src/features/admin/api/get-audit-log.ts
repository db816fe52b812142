import type { AuditEntry } from '@common/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';

export function auditLogQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/audit-log'],
    queryFn: () => apiJson<AuditEntry[]>('GET', '/api/admin/audit-log'),
    ...CURRENT_FIGURES,
  });
}

export const useAuditLog = () => useQuery(auditLogQueryOptions());
