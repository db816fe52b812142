import type { Person } from '@common/admin-people';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { deliveriesQueryOptions } from './deliveries';
import { AUDIT_LOG_KEY } from './get-audit-log';

const PEOPLE_KEY = ['/api/admin/people'] as const;

export function personQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...PEOPLE_KEY, email],
    queryFn: () => apiJson<Person>('GET', `/api/admin/people?email=${encodeURIComponent(email)}`),
    enabled: email.length > 0,
    ...CURRENT_FIGURES,
  });
}

export const usePerson = (email: string) => useQuery(personQueryOptions(email));

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<{ id: string | null; status: 'pending' | 'skipped' }>(
        'POST',
        `/api/admin/deliveries/${encodeURIComponent(id)}/resend`,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PEOPLE_KEY }),
        queryClient.invalidateQueries({ queryKey: [deliveriesQueryOptions().queryKey[0]] }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}
