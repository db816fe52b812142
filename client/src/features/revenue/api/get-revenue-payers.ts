import type { revenuePayersSchema } from '@common/revenue-payer';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '@/lib/api';

export const REVENUE_PAYERS_KEY = ['/api/revenue/payers'] as const;

/** Who has paid the creator before, most recently first: the "From" field offers them again. */
export function useRevenuePayers() {
  return useQuery({
    queryKey: REVENUE_PAYERS_KEY,
    queryFn: () => apiJson<z.infer<typeof revenuePayersSchema>>('GET', '/api/revenue/payers'),
    staleTime: 3_600_000,
  });
}
