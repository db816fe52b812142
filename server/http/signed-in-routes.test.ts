import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { as, signUpUser } from '../../tests/support/users';

/**
 * The routes anyone may call. Every other `/api` route must answer a signed-out call with 401 before it
 * reads or validates anything: a new route that is not registered through `registerSignedInRoutes` (and
 * not added here on purpose) fails this file.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/auth/user',
  'GET /api/login',
  'GET /api/logout',
  // The confirmation page's sign-out button; signed out it only returns to the home page.
  'POST /api/logout',
  'GET /api/config',
  'POST /api/contact',
  'POST /api/waitlist/signup',
  'GET /api/waitlist/counters',
  'GET /api/waitlist/unsubscribe',
  'POST /api/waitlist/unsubscribe',
  // Asking to leave emails a confirmation link; only that single-use link removes the place.
  'POST /api/waitlist/removal-request',
  'GET /api/waitlist/remove',
  'POST /api/waitlist/remove',
  // The welcome email's link that keeps a held place: the signed token says which place.
  'GET /api/waitlist/confirm',
  'POST /api/waitlist/confirm',
  // A place's own page, linked from its emails: the signed token says which place.
  'GET /api/waitlist/place',
  // "This wasn't me" from the sign-up email: the token in the link says which account.
  'GET /api/account/not-me',
  'POST /api/account/not-me',
  // Stripe calls it with no session: the signature over the body is its authorisation.
  'POST /api/stripe/webhook',
  // The emailed £5 link for a lifetime place and Checkout's return: the signed token says which place.
  'GET /api/billing/lifetime-place/checkout',
  'GET /api/billing/lifetime-place/return',
]);
/** Whole trees served by libraries: Better Auth's own endpoints, the OpenAPI document and its viewer. */
const PUBLIC_PREFIXES = ['/api/identity/', '/api/docs'];

const isPublic = (method: string, url: string) =>
  PUBLIC_ROUTES.has(`${method === 'HEAD' ? 'GET' : method} ${url}`) ||
  PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix));

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

function signedInRoutes() {
  return t.app.routeTable.filter(({ method, url }) => url.startsWith('/api/') && !isPublic(method, url));
}

/** A concrete path for a route pattern, with parameters that no validator would accept. */
const concretePath = (url: string) => url.replace(/:[^/]+/g, 'not-a-uuid').replace(/\*$/, 'anything');

describe('signed-in routes refuse signed-out calls first', () => {
  it('covers the routes of every signed-in feature', () => {
    const urls = signedInRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/revenue',
        'GET /api/revenue/:id',
        'POST /api/revenue/import',
        'POST /api/user/onboarding',
        'POST /api/create-subscription',
        'GET /api/billing',
        'POST /api/billing/portal',
      ]),
    );
  });

  it('keeps the public list true: each public route exists', () => {
    const served = new Set(t.app.routeTable.map(({ method, url }) => `${method} ${url}`));
    for (const route of PUBLIC_ROUTES) expect(served, route).toContain(route);
  });

  it('answers 401 to every method of every signed-in route, whatever the body, cookie or path', async () => {
    const routes = signedInRoutes();
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, url } of routes) {
      const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method);
      for (const cookie of [undefined, 'ballast.session_token=forged.value']) {
        const response = await t.request(concretePath(url), {
          method,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(hasBody ? { 'content-type': 'application/json' } : {}),
          },
          body: hasBody ? '{"amount": -1, "not json' : undefined,
        });
        expect(response.status, `${method} ${url} with cookie ${cookie ?? 'none'}`).toBe(401);
        if (method !== 'HEAD') {
          expect(await response.json(), `${method} ${url}`).toEqual({
            error: 'UNAUTHORIZED',
            message: 'Sign in to continue.',
          });
        }
      }
    }
  });

  it('refuses a large import before reading its body', async () => {
    const declaredBytes = 8 * 1024 * 1024;
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${t.baseUrl}/api/revenue/import`, {
        method: 'POST',
        headers: { origin: t.baseUrl, 'content-type': 'application/json', 'content-length': declaredBytes },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
      // A sliver of the body, and then nothing: a server waiting for the rest never answers.
      request.write('{"csv":"date,source,amount\\n');
    });
    expect(status).toBe(401);
  });

  it('still serves a signed-in creator, with validation after the session check', async () => {
    const request = as(t, await signUpUser(t));
    expect((await request('/api/revenue')).status).toBe(200);
    const invalid = await request('/api/revenue', { method: 'POST', json: {} });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { error: string }).error).toBe('VALIDATION_ERROR');
  });
});
