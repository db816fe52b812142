import { alertPlatformLabel } from '@common/alert-labels';
import type { Alert } from '@common/alerts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/use-toast';
import { type AlertPages, alertsQueryOptions, withNewAlert } from './get-alerts';

/**
 * Listens to GET /api/alerts/stream while the dashboard is open, for plans with real-time alerts
 * (`isEnabled`; the server answers others 402): a new alert joins the cached list at the top and
 * shows a toast. After the stream reconnects (the browser does so by itself) the list is read again,
 * in case something arrived in between.
 */
export function useAlertStream(isEnabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isEnabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/alerts/stream', { withCredentials: true });
    let hasOpened = false;
    source.onopen = () => {
      if (hasOpened) void queryClient.invalidateQueries({ queryKey: alertsQueryOptions().queryKey });
      hasOpened = true;
    };
    source.addEventListener('alert', (event) => {
      const alert = JSON.parse((event as MessageEvent<string>).data) as Alert;
      queryClient.setQueryData<AlertPages>(alertsQueryOptions().queryKey, (pages) =>
        withNewAlert(pages, alert),
      );
      toast({
        title: alert.title,
        description: `${alertPlatformLabel(alert.platform)}: ${alert.description}`,
      });
    });
    return () => source.close();
  }, [queryClient, isEnabled]);
}
