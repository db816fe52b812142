import type { RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../errors';

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
