import { AUTH_BASE_PATH } from '@common/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { accountSecurityQueryOptions } from './sessions';

export type PasswordChange = {
  currentPassword: string;
  newPassword: string;
  /** Unticked, every other device is signed out (the server's default). */
  isOtherDevicesKept: boolean;
};

export async function changePassword(change: PasswordChange) {
  await apiRequest('POST', `${AUTH_BASE_PATH}/change-password`, {
    currentPassword: change.currentPassword,
    newPassword: change.newPassword,
    revokeOtherSessions: !change.isOtherDevicesKept,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The list of devices changes when the others are signed out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSecurityQueryOptions().queryKey }),
  });
}
