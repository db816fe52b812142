import type { Screenshot } from '@common/screenshots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { screenshotsQueryOptions } from './get-screenshots';

/** The creator has checked a doubtful figure against the screen and it is right. */
export function confirmMetric({ id, key }: { id: string; key: string }): Promise<Screenshot> {
  return apiJson<Screenshot>('POST', `/api/screenshots/${id}/metrics/${encodeURIComponent(key)}/confirm`);
}

export function useConfirmMetric() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMetric,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenshotsQueryOptions().queryKey }),
  });
}
