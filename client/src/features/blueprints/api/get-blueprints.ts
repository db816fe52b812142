import type { Blueprint } from '@common/blueprints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** GET /api/blueprints: every blueprint the creator has had. A 404 reads as none yet. */
export function blueprintsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/blueprints'],
    queryFn: getQueryFn<Blueprint[]>({ on401: 'throw', on404: 'returnNull' }),
    select: (blueprints) => blueprints ?? [],
  });
}

export function useBlueprints() {
  return useQuery(blueprintsQueryOptions());
}
