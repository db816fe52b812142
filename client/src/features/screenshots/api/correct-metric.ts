import type { Screenshot } from '@common/screenshots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { screenshotsQueryOptions } from './get-screenshots';

export function correctMetric({
  id,
  key,
  value,
}: {
  id: string;
  key: string;
  /** As the screen shows it: "1.2M", "£3,412.50"; the server reads it. */
  value: string;
}): Promise<Screenshot> {
  return apiJson<Screenshot>('PATCH', `/api/screenshots/${id}/metrics/${encodeURIComponent(key)}`, { value });
}

export function useCorrectMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctMetric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenshotsQueryOptions().queryKey }),
  });
}
