import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client defaults', () => {
  it('never retries, never refetches on its own and never treats data as stale', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({
      retry: false,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
    });
    expect(typeof queries?.queryFn).toBe('function');
    expect(mutations).toMatchObject({ retry: false });
  });
});
