import type { PlaceActionRequest, WaitlistOverview } from '@common/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { AUDIT_LOG_KEY } from './get-audit-log';

export function waitlistOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/waitlist/overview'],
    queryFn: () => apiJson<WaitlistOverview>('GET', '/api/admin/waitlist/overview'),
    ...CURRENT_FIGURES,
  });
}

export const useWaitlistOverview = () => useQuery(waitlistOverviewQueryOptions());

/** After any action on places: the list, the overview and the audit log all change. */
function useRefreshAfter<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/waitlist'] }),
        queryClient.invalidateQueries({ queryKey: waitlistOverviewQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}

export const usePlaceAction = () =>
  useRefreshAfter((request: PlaceActionRequest) =>
    apiJson<{ places: number }>('POST', '/api/admin/waitlist/places/actions', request),
  );

export const useReleasePlace = () =>
  useRefreshAfter((id: string) =>
    apiJson<{ position: number }>('POST', `/api/admin/waitlist/places/${encodeURIComponent(id)}/release`, {}),
  );

export const useVoidReferral = () =>
  useRefreshAfter(({ id, reason }: { id: string; reason: string }) =>
    apiJson<{ voided: true }>('POST', `/api/admin/waitlist/referrals/${encodeURIComponent(id)}/void`, {
      reason,
    }),
  );
