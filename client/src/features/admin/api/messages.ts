import type { AdminContactMessage, AdminContactMessages } from '@common/admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { AUDIT_LOG_KEY } from './get-audit-log';

export function contactMessagesQueryOptions(isUnreadOnly = false, page = 1) {
  return queryOptions({
    queryKey: ['/api/admin/messages', { isUnreadOnly, page }],
    queryFn: () =>
      apiJson<AdminContactMessages>(
        'GET',
        `/api/admin/messages?page=${page}${isUnreadOnly ? '&unread=true' : ''}`,
      ),
    placeholderData: keepPreviousData,
    ...CURRENT_FIGURES,
  });
}

export const useContactMessages = (isUnreadOnly: boolean, page: number) =>
  useQuery(contactMessagesQueryOptions(isUnreadOnly, page));

export const setMessageRead = ({ id, isRead }: { id: string; isRead: boolean }) =>
  apiJson<AdminContactMessage>('PATCH', `/api/admin/messages/${encodeURIComponent(id)}`, { isRead });

export function useSetMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [contactMessagesQueryOptions().queryKey[0]] }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}
