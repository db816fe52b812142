import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { isCanonicalPath, UNUSUAL_PATH_MESSAGE } from './path-spelling';

/** What a state-changing call from another site is told. */
export const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

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

/**
 * The route that will run is judged, not the URL's bytes: the router decodes `/%61pi/revenue` to
 * `/api/revenue` and matches the path of `http://evil/api/revenue`, which a check of the raw URL's
 * prefix let through. An unmatched request runs nothing but the not-found answer.
 */
const isStateChangingApiCall = (request: FastifyRequest) =>
  !SAFE_METHODS.has(request.method) && request.routeOptions.url?.startsWith('/api/') === true;

/**
 * The origins our own pages are served from: `PUBLIC_URL`'s, and Vite's under `npm run dev`. Never the
 * request's own Host (or `X-Forwarded-Host` behind a proxy): whoever sends the request writes that too,
 * so `Host: evil.example` with `Origin: http://evil.example` would vouch for itself.
 */
export function ownOrigins(config: { publicUrl: string; DEV_CLIENT_ORIGIN?: string }): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (config.DEV_CLIENT_ORIGIN) origins.add(new URL(config.DEV_CLIENT_ORIGIN).origin);
  return origins;
}

/**
 * Refuses state-changing API calls that a browser made from another site (CSRF). Browsers always send
 * Origin or Sec-Fetch-Site on such requests; clients that send neither are not browsers and carry no
 * ambient cookies to abuse, so they pass (the Stripe webhook is one). Then refuses such a call whose path
 * is spelled otherwise than the app writes it (`path-spelling.ts`): Better Auth routes again from the
 * raw URL, and its rate limits key on the path, so every layer must read the same one.
 */
export function registerOriginCheck(
  app: FastifyInstance,
  config: { publicUrl: string; DEV_CLIENT_ORIGIN?: string },
) {
  const allowed = ownOrigins(config);
  const isFromAnotherSite = (request: FastifyRequest) => {
    if (request.routeOptions.config?.isCrossSiteAllowed) return false;
    const origin = request.headers.origin;
    if (origin) return !allowed.has(origin);
    const site = request.headers['sec-fetch-site'];
    return site === 'cross-site' || site === 'same-site';
  };
  // Synchronous: it runs on every request, reads included, and most pass straight through.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isStateChangingApiCall(request)) {
      done();
    } else if (isFromAnotherSite(request)) {
      done(new AppError('FORBIDDEN', CROSS_SITE_MESSAGE));
    } else if (!isCanonicalPath(request.url)) {
      done(new AppError('BAD_REQUEST', UNUSUAL_PATH_MESSAGE));
    } else {
      done();
    }
  });
}
