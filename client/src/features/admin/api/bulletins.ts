import type { BulletinToPublish, PublishedBulletin } from '@common/admin';
import type { Bulletin } from '@common/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { CURRENT_FIGURES } from './current-figures';
import { AUDIT_LOG_KEY } from './get-audit-log';
import { shiftsQueryOptions } from './shifts';

export function bulletinsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/admin/bulletins'],
    queryFn: () => apiJson<PublishedBulletin[]>('GET', '/api/admin/bulletins'),
    ...CURRENT_FIGURES,
  });
}

export const useBulletins = () => useQuery(bulletinsQueryOptions());

/** How many creators a bulletin for the platform would reach; asked once a preview is shown. */
export function bulletinReachQueryOptions(platform: Bulletin['platform'] | undefined) {
  return queryOptions({
    queryKey: ['/api/admin/bulletins/reach', platform],
    queryFn: () =>
      apiJson<{ recipients: number }>(
        'GET',
        `/api/admin/bulletins/reach?platform=${encodeURIComponent(platform ?? '')}`,
      ),
    enabled: platform !== undefined,
    select: (data) => data.recipients,
    staleTime: 0,
  });
}

export const useBulletinReach = (platform: Bulletin['platform'] | undefined) =>
  useQuery(bulletinReachQueryOptions(platform));

/** A bulletin, or a platform shift's edited draft (with its `shiftId`, marked published with it). */
export const publishBulletin = (bulletin: BulletinToPublish) =>
  apiJson<{ id: string; recipients: number }>('POST', '/api/admin/bulletins', bulletin);

export function usePublishBulletin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishBulletin,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bulletinsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: shiftsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY }),
      ]),
  });
}
