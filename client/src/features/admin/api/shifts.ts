import type { PlatformShift } from '@common/shifts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { AUDIT_LOG_KEY } from './get-audit-log';

export function shiftsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/shifts'],
    queryFn: () => apiJson<PlatformShift[]>('GET', '/api/admin/shifts'),
    ...CURRENT_FIGURES,
  });
}

export const useShifts = () => useQuery(shiftsQueryOptions());

export const dismissShift = (id: string) =>
  apiJson<PlatformShift>('POST', `/api/admin/shifts/${encodeURIComponent(id)}/dismiss`);

export function useDismissShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissShift,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}
