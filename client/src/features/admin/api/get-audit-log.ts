import type { AuditEntry } from '@common/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export function auditLogQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/audit-log'],
    queryFn: () => apiJson<AuditEntry[]>('GET', '/api/admin/audit-log'),
  });
}

export const useAuditLog = () => useQuery(auditLogQueryOptions());
