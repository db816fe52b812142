import type { RevenueCurrencies } from '@common/revenue';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** Pounds first, then the currencies the creator has used, then the rest the rates know. */
export function useRevenueCurrencies() {
  return useQuery({
    queryKey: ['/api/revenue/currencies'],
    queryFn: () => apiJson<RevenueCurrencies>('GET', '/api/revenue/currencies'),
    staleTime: 3_600_000,
  });
}
