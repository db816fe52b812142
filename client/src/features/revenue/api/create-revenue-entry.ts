import type { CreateRevenueEntry, RevenueEntry } from '@common/revenue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { refreshRevenue } from './refresh-revenue';

export function createRevenueEntry(entry: CreateRevenueEntry): Promise<RevenueEntry> {
  return apiJson<RevenueEntry>('POST', '/api/revenue', entry);
}

export function useCreateRevenueEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRevenueEntry, onSuccess: () => refreshRevenue(queryClient) });
}
