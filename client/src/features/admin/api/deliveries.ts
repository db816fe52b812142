import type { Deliveries } from '@common/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { AUDIT_LOG_KEY } from './get-audit-log';

export function deliveriesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/deliveries'],
    queryFn: () => apiJson<Deliveries>('GET', '/api/admin/deliveries'),
    ...CURRENT_FIGURES,
  });
}

export const useDeliveries = () => useQuery(deliveriesQueryOptions());

export const retryDelivery = (id: string) =>
  apiJson<{ id: string }>('POST', `/api/admin/deliveries/${encodeURIComponent(id)}/retry`);

export function useRetryDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryDelivery,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deliveriesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}
