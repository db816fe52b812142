import type { AccountDeletion } from '@common/account';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export async function deleteAccount(confirmation: AccountDeletion): Promise<void> {
  await apiRequest('DELETE', '/api/account', confirmation);
}

/** Once the account is gone, the browser leaves the app for a page that says so (signed out). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => window.location.assign('/account-deleted'),
  });
}
