import type { QueryClient } from '@tanstack/react-query';
import { recentRevenueQueryOptions } from './get-revenue-entries';
import { revenueHistoryQueryOptions } from './get-revenue-history';
import { REVENUE_PAYERS_KEY } from './get-revenue-payers';
import { revenueSummaryQueryOptions } from './get-revenue-summary';

/** After any change to entries, the list and the figures are fetched again. */
export function refreshRevenue(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: recentRevenueQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: revenueSummaryQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: revenueHistoryQueryOptions().queryKey }),
    // The currencies the creator has used come first in the form.
    queryClient.invalidateQueries({ queryKey: ['/api/revenue/currencies'] }),
    // So are the payers named before, under "From".
    queryClient.invalidateQueries({ queryKey: REVENUE_PAYERS_KEY }),
  ]);
}
