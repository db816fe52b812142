import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { countHit, limitKey, sweepLapsedLimits } from '../jobs/limits-store';

/**
 * A route's limit per client address. `@fastify/rate-limit` keys on Fastify's `request.ip`, which
 * honours TRUST_PROXY. The refusal is an AppError, so it reaches the visitor as a sentence (429).
 */
export function perClientLimit(limit: { max: number; windowMs: number; message: string }): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: () => new AppError('RATE_LIMITED', limit.message),
  };
}

/** How often one instance deletes lapsed windows, whoever counted them. */
const SWEEP_EVERY_MS = 60_000;

export type LimitCounter = {
  /**
   * One hit on what `scope` limits for `subject` (whom it counts, kept only as a hash): the hits in its
   * window so far, this one included, and the milliseconds left.
   */
  hit(scope: string, subject: string, windowMs: number): Promise<{ hits: number; msLeft: number }>;
};

/**
 * Hits counted in PostgreSQL, so every instance on the database counts the same ones (decision 063),
 * with the time from the app's clock. About once a minute a hit also sweeps lapsed windows away.
 */
export function createLimitCounter(db: Db, now: Clock): LimitCounter {
  let lastSweep = Number.NEGATIVE_INFINITY;
  return {
    async hit(scope, subject, windowMs) {
      const at = now();
      const { hits, endsAt } = await countHit(db, limitKey(scope, subject), windowMs, at);
      // The sweep runs beside the request, not in its way; one that fails is tried again on the next hit.
      if (at.getTime() - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = at.getTime();
        sweepLapsedLimits(db, at).catch(() => {
          lastSweep = Number.NEGATIVE_INFINITY;
        });
      }
      return { hits, msLeft: Math.max(0, endsAt.getTime() - at.getTime()) };
    },
  };
}

type RouteInfo = { method?: string | string[]; url?: string };

/** The route a limit belongs to, as the library's own store keeps one count per route. */
function routeOf(options: { routeInfo?: RouteInfo }): string {
  const { method, url } = options.routeInfo ?? {};
  return `${[method ?? 'ANY'].flat().join(',')} ${url ?? '*'}`;
}

/**
 * `@fastify/rate-limit`'s custom store contract (its README, "Custom `store`"): the plugin constructs
 * the class once with its options, calls `child` with each route's merged options (`routeInfo` among
 * them), and calls `incr(key, callback, timeWindow, max)` on the route's child for every request,
 * expecting `{ current, ttl }` back. `current` above `max` is a refusal. Every hit is `countHit`'s one
 * statement, scoped by route, counting the client (its address, or what the route's keyGenerator names).
 * `continueExceeding`, `exponentialBackoff` and `ban` are not kept: no route uses them.
 */
export function sharedRateLimitStore(counter: LimitCounter): FastifyRateLimitStoreCtor {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly route = '* *',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      counter.hit(`http:${this.route}`, key, timeWindow).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      return new SharedRateLimitStore(routeOptions, routeOf(routeOptions as { routeInfo?: RouteInfo }));
    }
  }
  return SharedRateLimitStore;
}
