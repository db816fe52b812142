import type { ProfileUpdate } from '@common/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@/features/auth/public';
import { apiJson } from '@/lib/api';

export const updateProfile = (update: ProfileUpdate) =>
  apiJson<{ firstName: string }>('PATCH', '/api/account/profile', update);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}
