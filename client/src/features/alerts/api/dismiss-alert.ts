import type { Alert } from '@common/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { type AlertPages, alertsQueryOptions, withAlertRead } from './get-alerts';

/** POST /api/alerts/{id}/read: the alert stays in the list, read. */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<Alert>('POST', `/api/alerts/${id}/read`),
    onSuccess: (read) =>
      queryClient.setQueryData<AlertPages>(alertsQueryOptions().queryKey, (pages) =>
        withAlertRead(pages, read),
      ),
  });
}
