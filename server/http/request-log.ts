import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics/metrics';
import { withoutLinkSecrets } from '../redaction';

/**
 * Routes a load balancer, a monitor or every public page hits all the time. With metrics on they are
 * counted there instead of a log line each: the line cost a fifth of the counters route's throughput
 * (docs/benchmarks.md), and thousands of identical lines hide the ones that matter.
 */
const QUIET_ROUTES = new Set(['/healthz', '/readyz', '/api/waitlist/counters']);

/** A request slower than this is logged on every route, as is every 5xx. */
const SLOW_MS = 1000;

/**
 * One line per request (Fastify's own two are off) and, with metrics on, the request's count and time
 * by route pattern. Errors and slow requests are warnings, so they are kept at LOG_LEVEL=warn too.
 */
export function registerRequestLog(app: FastifyInstance, accessLog: Logger, metrics?: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    metrics?.observeRequest(request.method, route, status, ms / 1000);
    const isNotable = status >= 500 || ms > SLOW_MS;
    if (isNotable || !metrics || route === undefined || !QUIET_ROUTES.has(route)) {
      accessLog[isNotable ? 'warn' : 'info'](
        {
          reqId: request.id,
          method: request.method,
          url: withoutLinkSecrets(request.url),
          status,
          ms: Math.round(ms),
        },
        'request',
      );
    }
    done();
  });
}
