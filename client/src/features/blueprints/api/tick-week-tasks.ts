import { type Blueprint, progressOf } from '@common/blueprints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { blueprintsQueryOptions } from './get-blueprints';

type Ticks = { id: string; week: number; ticked: number[] };

export function tickWeekTasks({ id, week, ticked }: Ticks): Promise<Blueprint> {
  return apiJson<Blueprint>('PATCH', `/api/blueprints/${id}/weeks/${week}`, { ticked });
}

/** The list with one week's ticks changed, and the progress they make, as the server will save it. */
function withTicks(blueprints: Blueprint[] | null | undefined, { id, week, ticked }: Ticks) {
  return blueprints?.map((blueprint) => {
    if (blueprint.id !== id) return blueprint;
    const next = blueprint.ticked.map((ticks, index) => (index === week - 1 ? ticked : ticks));
    return { ...blueprint, ticked: next, progress: progressOf(blueprint.steps, next) };
  });
}

/** Shows a tick at once; puts the list back if the server refuses it. */
export function useTickWeekTasks() {
  const queryClient = useQueryClient();
  const { queryKey } = blueprintsQueryOptions();
  return useMutation({
    mutationFn: tickWeekTasks,
    onMutate: async (ticks: Ticks) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Blueprint[] | null>(queryKey);
      queryClient.setQueryData<Blueprint[] | null>(
        queryKey,
        (current) => withTicks(current, ticks) ?? current,
      );
      return { previous };
    },
    onError: (_error, _ticks, context) => queryClient.setQueryData(queryKey, context?.previous),
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
