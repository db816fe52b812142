import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Fetch defaults (docs/product.md): no retries, no refetch on focus or interval, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
