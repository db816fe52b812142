import type { HealthCheck } from '@common/health-check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { healthCheckQueryOptions } from './get-health-check';
import { healthHistoryQueryOptions } from './get-health-history';

/** POST /api/health-check with an empty body; the result and the history are refreshed. */
export function runHealthCheck(): Promise<HealthCheck> {
  return apiJson<HealthCheck>('POST', '/api/health-check');
}

export function useRunHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runHealthCheck,
    onSuccess: (result) => {
      queryClient.setQueryData(healthCheckQueryOptions().queryKey, result);
      return queryClient.invalidateQueries({ queryKey: healthHistoryQueryOptions().queryKey });
    },
  });
}
