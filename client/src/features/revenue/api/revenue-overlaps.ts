import type { KeepRevenueMonth, RevenueOverlap } from '@common/platforms';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '@/lib/api';
import { refreshRevenue } from './refresh-revenue';

/**
 * GET /api/platforms/youtube/revenue-overlaps: months of YouTube Ads revenue the creator typed and
 * YouTube also reports, counted once (the creator’s figure) until they keep one.
 */
export function revenueOverlapsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/platforms/youtube/revenue-overlaps'],
    queryFn: getQueryFn<RevenueOverlap[]>({ on401: 'throw' }),
  });
}

export function useRevenueOverlaps() {
  return useQuery(revenueOverlapsQueryOptions());
}

/** POST /api/platforms/youtube/revenue-overlaps/{month}: keep YouTube's figure or the creator's. */
export function useKeepRevenueMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ month, keep }: { month: string } & KeepRevenueMonth) => {
      await apiRequest('POST', `/api/platforms/youtube/revenue-overlaps/${encodeURIComponent(month)}`, {
        keep,
      });
    },
    onSuccess: () =>
      Promise.all([
        refreshRevenue(queryClient),
        queryClient.invalidateQueries({ queryKey: revenueOverlapsQueryOptions().queryKey }),
      ]),
  });
}
