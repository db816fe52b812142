import type { AccountDeletion } from '@common/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export async function deleteAccount(confirmation: AccountDeletion): Promise<void> {
  await apiRequest('DELETE', '/api/account', confirmation);
}

/** Once the account is gone, the whole app starts again signed out, on the home page. */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount, onSuccess: () => window.location.assign('/') });
}
