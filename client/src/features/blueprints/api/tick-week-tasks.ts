import type { Blueprint } from '@common/blueprints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { blueprintsQueryOptions } from './get-blueprints';

export function tickWeekTasks({
  id,
  week,
  ticked,
}: {
  id: string;
  week: number;
  ticked: number[];
}): Promise<Blueprint> {
  return apiJson<Blueprint>('PATCH', `/api/blueprints/${id}/weeks/${week}`, { ticked });
}

export function useTickWeekTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tickWeekTasks,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blueprintsQueryOptions().queryKey }),
  });
}
