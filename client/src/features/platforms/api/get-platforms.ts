import type { PlatformConnection, PlatformProviders } from '@common/platforms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** A connection just made is read by a job within seconds: asked again until that read is in. */
const FIRST_READ_POLL_MS = 2000;
const isAwaitingFirstRead = (connections: PlatformConnection[] | null | undefined) =>
  connections?.some((item) => item.isVerified && !item.lastSyncedAt && !item.lastSyncError) ?? false;

/** GET /api/platforms: the creator's connections. */
export function platformsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/platforms'],
    queryFn: getQueryFn<PlatformConnection[]>({ on401: 'throw' }),
    refetchInterval: (query) => (isAwaitingFirstRead(query.state.data) ? FIRST_READ_POLL_MS : false),
  });
}

export function usePlatforms() {
  return useQuery(platformsQueryOptions());
}

/** GET /api/platforms/providers: which platforms can be connected through their sign-in here. */
export function usePlatformProviders() {
  return useQuery({
    queryKey: ['/api/platforms/providers'],
    queryFn: getQueryFn<PlatformProviders>({ on401: 'throw' }),
  });
}
