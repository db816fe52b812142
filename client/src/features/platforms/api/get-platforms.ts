import type { PlatformConnection, PlatformProviders } from '@common/platforms';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** GET /api/platforms: the creator's connections. */
export function platformsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/platforms'],
    queryFn: getQueryFn<PlatformConnection[]>({ on401: 'throw' }),
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
