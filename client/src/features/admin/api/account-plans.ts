import type { UsersOverview } from '@common/admin';
import type { AccountPayment, AccountPlan, RefundResult, SetPlanRequest } from '@common/admin-plans';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { AUDIT_LOG_KEY } from './get-audit-log';
import { usersOverviewQueryOptions } from './get-users';

export function accountSearchQueryOptions(email: string) {
  return queryOptions({
    queryKey: ['/api/admin/users', { email }],
    queryFn: () =>
      apiJson<UsersOverview & { matches: AccountPlan[] | null }>(
        'GET',
        `/api/admin/users?email=${encodeURIComponent(email)}`,
      ),
    enabled: email.length >= 3,
    ...CURRENT_FIGURES,
  });
}

export const useAccountSearch = (email: string) => useQuery(accountSearchQueryOptions(email));

export function accountPaymentsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['/api/admin/users', userId, 'payments'],
    queryFn: () =>
      apiJson<AccountPayment[]>('GET', `/api/admin/users/${encodeURIComponent(userId)}/payments`),
    ...CURRENT_FIGURES,
  });
}

export const useAccountPayments = (userId: string) => useQuery(accountPaymentsQueryOptions(userId));

function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [usersOverviewQueryOptions().queryKey[0]] }),
      queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
    ]);
}

export function useSetComplimentaryPlan() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ userId, ...body }: SetPlanRequest & { userId: string }) =>
      apiJson<AccountPlan>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/plan`, body),
    onSuccess: refresh,
  });
}

export function useRefundPayment() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: ({ userId, ...body }: { userId: string; paymentId: string; reason: string }) =>
      apiJson<RefundResult>('POST', `/api/admin/users/${encodeURIComponent(userId)}/refunds`, body),
    onSuccess: refresh,
  });
}
