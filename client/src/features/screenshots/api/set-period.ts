import type { Screenshot } from '@common/screenshots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { screenshotsQueryOptions } from './get-screenshots';

/** The creator says what period a screenshot covers; its figures count as that period's. */
export function setScreenshotPeriod({ id, period }: { id: string; period: string }): Promise<Screenshot> {
  return apiJson<Screenshot>('PUT', `/api/screenshots/${id}/period`, { period });
}

export function useSetScreenshotPeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setScreenshotPeriod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenshotsQueryOptions().queryKey }),
  });
}
