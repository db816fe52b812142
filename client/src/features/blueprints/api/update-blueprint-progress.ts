import type { Blueprint } from '@common/blueprints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { blueprintsQueryOptions } from './get-blueprints';

export function updateBlueprintProgress({
  id,
  progress,
}: {
  id: string;
  progress: number;
}): Promise<Blueprint> {
  return apiJson<Blueprint>('PATCH', `/api/blueprints/${id}/progress`, { progress });
}

export function useUpdateBlueprintProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBlueprintProgress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsQueryOptions().queryKey }),
  });
}
