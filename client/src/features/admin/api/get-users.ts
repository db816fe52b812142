import type { UsersOverview } from '@common/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';

export function usersOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/users'],
    queryFn: () => apiJson<UsersOverview>('GET', '/api/admin/users'),
    ...CURRENT_FIGURES,
  });
}

export const useUsersOverview = () => useQuery(usersOverviewQueryOptions());
