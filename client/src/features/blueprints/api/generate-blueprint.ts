import type { Blueprint } from '@common/blueprints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { blueprintsQueryOptions } from './get-blueprints';

/** POST /api/blueprints with an empty body. */
export function generateBlueprint(): Promise<Blueprint> {
  return apiJson<Blueprint>('POST', '/api/blueprints');
}

export function useGenerateBlueprint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateBlueprint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsQueryOptions().queryKey }),
  });
}
