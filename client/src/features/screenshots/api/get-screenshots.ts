import type { Screenshot } from '@common/screenshots';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';

/** How often the list is read again while a screenshot is still being analysed. */
const PENDING_POLL_MS = 2000;

/** GET /api/screenshots: recent uploads, newest first. */
export function screenshotsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/screenshots'],
    queryFn: getQueryFn<Screenshot[]>({ on401: 'throw' }),
    // Analysis happens after the upload answers: watch until every screenshot has a result.
    refetchInterval: (query) =>
      query.state.data?.some((screenshot) => screenshot.status === 'pending') ? PENDING_POLL_MS : false,
  });
}

export function useScreenshots() {
  return useQuery(screenshotsQueryOptions());
}
