import type { PlatformConnection, PlatformLink } from '@common/platforms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@/lib/api';
import { platformsQueryOptions } from './get-platforms';

function useRefreshingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformsQueryOptions().queryKey }),
  });
}

/** DELETE /api/platforms/{id}. */
export function useDisconnectPlatform() {
  return useRefreshingMutation(async (id: string) => {
    await apiRequest('DELETE', `/api/platforms/${id}`);
  });
}

/** POST /api/platforms: a public handle, linked by hand. */
export function useLinkPlatform() {
  return useRefreshingMutation((link: PlatformLink) =>
    apiJson<PlatformConnection>('POST', '/api/platforms', link),
  );
}
