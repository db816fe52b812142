import type { RevenueImportRequest, RevenueImportResult } from '@common/revenue-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { refreshRevenue } from './refresh-revenue';

export function importRevenue(request: RevenueImportRequest): Promise<RevenueImportResult> {
  return apiJson<RevenueImportResult>('POST', '/api/revenue/import', request);
}

/** A preview (dryRun) changes nothing; a real import refreshes the lists. */
export function useImportRevenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importRevenue,
    onSuccess: (result) => (result.dryRun ? undefined : refreshRevenue(queryClient)),
  });
}
