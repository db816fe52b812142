import type { Alert } from '@common/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { alertsQueryOptions } from './get-alerts';

/** POST /api/alerts/{id}/read: the alert leaves the list. */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Alert>('POST', `/api/alerts/${id}/read`),
    onSuccess: (_, id) =>
      queryClient.setQueryData<Alert[] | null>(alertsQueryOptions().queryKey, (alerts) =>
        (alerts ?? []).filter((alert) => alert.id !== id),
      ),
  });
}
