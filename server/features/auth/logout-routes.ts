import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { acceptNoticePageForms, sendNoticePage } from '../../http/notice-page';
import { CROSS_SITE_MESSAGE, ownOrigins } from '../../http/origin-check';
import type { Auth } from './better-auth';

/**
 * Whether another site started this navigation or form. Browsers say so in Sec-Fetch-Site; older ones
 * give away a foreign page in Origin or Referer. `Origin: null` (a sandboxed frame, or our own form under
 * our no-referrer policy) proves nothing, so only Sec-Fetch-Site can vouch for such a request. A typed
 * address (`none`) or a request with none of these headers is the person's own doing. Our origins are
 * `PUBLIC_URL`'s (and Vite's in development), never the request's Host, which its sender writes.
 */
export function isStartedByAnotherSite(request: FastifyRequest, config: Config): boolean {
  const own = ownOrigins(config);
  const site = request.headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (origin) return !own.has(origin);
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return !own.has(new URL(referer).origin);
  } catch {
    return true;
  }
}

async function signOut(auth: Auth, request: FastifyRequest, reply: FastifyReply) {
  const headers = fromNodeHeaders(request.headers);
  if (await auth.api.getSession({ headers })) {
    const response = await auth.api.signOut({ headers, asResponse: true });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
  }
  return reply.header('cache-control', 'no-store').redirect('/');
}

/**
 * `/api/logout`: the sign-out navigation of our own pages. A link on another site could sign anyone out
 * with it (the session cookie goes along with a top-level navigation), so such a navigation only gets a
 * page asking to confirm, whose button posts back here from our own origin.
 */
export async function registerLogoutRoutes(app: FastifyInstance, deps: { auth: Auth; config: Config }) {
  const { auth, config } = deps;
  await app.register(async (scope) => {
    acceptNoticePageForms(scope);

    scope.get(
      '/api/logout',
      { schema: { tags: ['auth'], summary: 'End the session and return to the home page' } },
      async (request, reply) => {
        if (!isStartedByAnotherSite(request, config)) return signOut(auth, request, reply);
        if (!(await auth.api.getSession({ headers: fromNodeHeaders(request.headers) }))) {
          return reply.header('cache-control', 'no-store').redirect('/');
        }
        return sendNoticePage(reply, 200, {
          title: 'Sign out of Ballast?',
          lines: [
            'Another website sent you here to sign you out of Ballast. You are still signed in.',
            'Sign out only if you meant to.',
          ],
          publicUrl: config.publicUrl,
          footnote: `Questions? Write to ${config.supportEmail}.`,
          action: { kind: 'form', label: 'Sign out', action: '/api/logout' },
        });
      },
    );

    scope.post(
      '/api/logout',
      {
        // Our own confirmation form posts with `Origin: null` (no-referrer policy), which the shared
        // origin check refuses; this route checks Sec-Fetch-Site itself and refuses anything else.
        config: { isCrossSiteAllowed: true },
        schema: {
          tags: ['auth'],
          summary: 'Sign out from the confirmation page, and return to the home page',
          consumes: ['application/x-www-form-urlencoded'],
        },
      },
      async (request, reply) => {
        // A form is never posted from a typed address, so `none` does not vouch for one here.
        if (isStartedByAnotherSite(request, config) || request.headers['sec-fetch-site'] === 'none') {
          throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
        }
        return signOut(auth, request, reply);
      },
    );
  });
}
