import type { Screenshot, TypedFigures } from '@common/screenshots';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { screenshotsQueryOptions } from './get-screenshots';

/** PUT /api/screenshots/{id}/metrics: the figures typed from a screen that could not be read. */
export function typeFigures({ id, figures }: { id: string } & TypedFigures): Promise<Screenshot> {
  return apiJson<Screenshot>('PUT', `/api/screenshots/${id}/metrics`, { figures });
}

export function useTypeFigures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: typeFigures,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenshotsQueryOptions().queryKey }),
  });
}
