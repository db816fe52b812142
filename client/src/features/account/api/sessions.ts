import type { AccountSecurity } from '@common/account';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, getQueryFn } from '@/lib/api';

export function accountSecurityQueryOptions() {
  return queryOptions({
    queryKey: ['/api/account/sessions'],
    queryFn: getQueryFn<AccountSecurity>({ on401: 'throw' }),
  });
}

export const useAccountSecurity = () => useQuery(accountSecurityQueryOptions());

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ signedOut: number }>('POST', '/api/account/sessions/sign-out-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions().queryKey }),
  });
}
