import type { Alert } from '@common/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshRevenue } from '@/features/revenue/public';
import { apiJson } from '@/lib/api';
import { type AlertPages, alertsQueryOptions, withAlertRead } from './get-alerts';

/**
 * A "not recorded yet" reminder's "It was £0 this month": POST /api/revenue/nothing-in-month records the
 * month as £0, then the reminder is dismissed. Every revenue figure is read again.
 */
export function useNothingInMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alert: Alert) => {
      await apiJson('POST', '/api/revenue/nothing-in-month', {
        source: alert.record!.source,
        month: alert.record!.month,
      });
      return apiJson<Alert>('POST', `/api/alerts/${alert.id}/read`);
    },
    onSuccess: async (read) => {
      queryClient.setQueryData<AlertPages>(alertsQueryOptions().queryKey, (pages) =>
        withAlertRead(pages, read),
      );
      await refreshRevenue(queryClient);
    },
  });
}
