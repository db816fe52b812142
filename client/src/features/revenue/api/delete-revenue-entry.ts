import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshRevenue } from './refresh-revenue';

export async function deleteRevenueEntry(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/revenue/${encodeURIComponent(id)}`);
}

export function useDeleteRevenueEntry() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRevenueEntry, onSuccess: () => refreshRevenue(queryClient) });
}
