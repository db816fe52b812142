import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userQueryOptions } from '@/features/auth/public';
import { apiForm, apiRequest } from '@/lib/api';

/** POST /api/account/profile-image: the picture as a one-file multipart form. */
export function uploadProfileImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return apiForm<{ profileImageUrl: string }>('POST', '/api/account/profile-image', form);
}

export async function removeProfileImage(): Promise<void> {
  await apiRequest('DELETE', '/api/account/profile-image');
}

function useRefreshingUser<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey }),
  });
}

export const useUploadProfileImage = () => useRefreshingUser(uploadProfileImage);
export const useRemoveProfileImage = () => useRefreshingUser(removeProfileImage);
