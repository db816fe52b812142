import type { RevenueEntry, UpdateRevenueEntry } from '@common/revenue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { refreshRevenue } from './refresh-revenue';

export function updateRevenueEntry({ id, ...changes }: UpdateRevenueEntry & { id: string }) {
  return apiJson<RevenueEntry>('PATCH', `/api/revenue/${encodeURIComponent(id)}`, changes);
}

export function useUpdateRevenueEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRevenueEntry, onSuccess: () => refreshRevenue(queryClient) });
}
