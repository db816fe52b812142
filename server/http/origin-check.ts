import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request carries its own authorisation (a signed token in the URL or a signature header), so
     * where it comes from does not matter: the unsubscribe button (browsers send `Origin: null` under
     * our no-referrer policy) and signed webhooks.
     */
    isCrossSiteAllowed?: boolean;
  }
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing API calls that a browser made from another site (CSRF). Browsers always send
 * Origin or Sec-Fetch-Site on such requests; clients that send neither are not browsers and carry no
 * ambient cookies to abuse, so they pass (the Stripe webhook is one).
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  const isFromAnotherSite = (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return false;
    if (request.routeOptions.config?.isCrossSiteAllowed) return false;
    const origin = request.headers.origin;
    if (origin) return origin !== allowed && origin !== ownOrigin(request);
    const site = request.headers['sec-fetch-site'];
    return site === 'cross-site' || site === 'same-site';
  };
  // Synchronous: it runs on every request, reads included, and most pass straight through.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isFromAnotherSite(request)) {
      done(new AppError('FORBIDDEN', 'This request came from another website and was refused.'));
    } else {
      done();
    }
  });
}
