import type { BetterAuthOptions } from 'better-auth';

type RateLimitStorage = NonNullable<NonNullable<BetterAuthOptions['rateLimit']>['customStorage']>;

const PRUNE_ABOVE = 10_000;

/**
 * Fixed-window counters kept by this app instance. The library's built-in memory store is one map for
 * the whole process, shared by every auth instance in it; ours belongs to one instance (DESIGN §8:
 * rate limits are per instance).
 */
export function createRateLimitStorage(): RateLimitStorage {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  return {
    async consume(key, { window, max }) {
      const now = Date.now();
      if (buckets.size > PRUNE_ABOVE) {
        for (const [bucketKey, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(bucketKey);
      }
      const bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= now) {
        buckets.set(key, { count: 1, resetAt: now + window * 1000 });
        return { allowed: true, retryAfter: null };
      }
      if (bucket.count >= max)
        return { allowed: false, retryAfter: Math.ceil((bucket.resetAt - now) / 1000) };
      bucket.count += 1;
      return { allowed: true, retryAfter: null };
    },
  };
}
