import type { UsersOverview } from '@common/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export function usersOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/users'],
    queryFn: () => apiJson<UsersOverview>('GET', '/api/admin/users'),
  });
}

export const useUsersOverview = () => useQuery(usersOverviewQueryOptions());
