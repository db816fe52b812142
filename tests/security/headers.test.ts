import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { as, signUpUser } from '../support/users';

/**
 * What every answer tells the browser (CSP, HSTS, nosniff, referrer policy), how the session cookie is
 * set, and that no state-changing route can be called from another site while the victim is signed in.
 */

const SECURE_URL = 'https://ballast.test';

/**
 * State-changing routes that take calls from other sites on purpose. Each carries its own authorisation
 * (`isCrossSiteAllowed` in its route config) instead of the visitor's cookie. A route missing from here
 * must refuse a cross-site call: a new route cannot be left out by accident.
 */
const CROSS_SITE_BY_DESIGN: Record<string, string> = {
  'POST /api/waitlist/unsubscribe':
    'its signed token; our page posts with Origin: null, mail providers post RFC 8058 one-click from afar',
  'POST /api/waitlist/remove': 'the single-use token emailed to the place’s address is the authorisation',
  'POST /api/waitlist/removal-request': 'the unsubscribe token; it only emails a link to confirm leaving',
  'POST /api/waitlist/confirm': 'the welcome email’s signed token; it only keeps the place it names',
  'POST /api/account/not-me': 'the token in the sign-up email’s "This wasn’t me" link, as for unsubscribe',
};

/**
 * Not exceptions, though they look like ones: Stripe's webhook sends neither Origin nor Sec-Fetch-Site,
 * so a browser-made call to it is refused like any other (checked below); Better Auth's tree under
 * /api/identity checks origins itself as well, and both checks refuse.
 */
const IDENTITY_ENDPOINTS = [
  'sign-up/email',
  'sign-in/email',
  'sign-in/magic-link',
  'sign-in/social',
  'sign-out',
  'update-user',
  'change-password',
  'delete-user',
  'revoke-sessions',
];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const FOREIGN_ORIGIN = 'https://evil.example';
const CSRF_REFUSAL = 'This request came from another website and was refused.';

let clientDist: string;
let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  clientDist = await mkdtemp(path.join(tmpdir(), 'ballast-headers-client-'));
  await mkdir(path.join(clientDist, 'assets'));
  await writeFile(
    path.join(clientDist, 'index.html'),
    '<!doctype html><html><head><title>Ballast</title></head><body><div id="root"></div></body></html>',
  );
  [plain, secure] = await Promise.all([
    startTestApp({ deps: { clientDist } }),
    startTestApp({ deps: { clientDist }, env: { PUBLIC_URL: SECURE_URL } }),
  ]);
});

afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close()]);
  await rm(clientDist, { recursive: true, force: true });
});

/** `script-src 'self' https://js.stripe.com; ...` → { 'script-src': ["'self'", 'https://js.stripe.com'] } */
function parseCsp(header: string): Record<string, string[]> {
  const directives: Record<string, string[]> = {};
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = sources;
  }
  return directives;
}

/** The HTML page, an API answer in JSON, an API 404 and a 404 outside the API. */
async function sampleAnswers(app: TestApp) {
  return {
    'the page /': await app.request('/', { headers: { accept: 'text/html' } }),
    'GET /api/config': await app.request('/api/config'),
    'an API 404': await app.request('/api/no-such-route'),
    'a 404 outside the API': await app.request('/no-such-file.php', { method: 'POST' }),
  };
}

describe('security headers', () => {
  it('serve the HTML page, an API answer and a 404 that are what they say', async () => {
    const answers = await sampleAnswers(plain);
    expect(answers['the page /'].status).toBe(200);
    expect(answers['the page /'].headers.get('content-type')).toMatch(/^text\/html/);
    expect(await answers['the page /'].text()).toContain('<div id="root">');
    expect(answers['GET /api/config'].status).toBe(200);
    expect(answers['GET /api/config'].headers.get('content-type')).toMatch(/^application\/json/);
    expect(answers['an API 404'].status).toBe(404);
    expect(answers['a 404 outside the API'].status).toBe(404);
  });

  for (const [scheme, getApp] of [
    ['http', () => plain],
    ['https', () => secure],
  ] as const) {
    it(`send a strict policy on every kind of answer (PUBLIC_URL ${scheme})`, async () => {
      const answers = await sampleAnswers(getApp());
      const isData = (answer: Response) => answer.headers.get('content-type')?.startsWith('application/json');
      // Both kinds are among the samples, so neither half of this test can pass by having nothing to check.
      expect(isData(answers['GET /api/config'])).toBe(true);
      expect(isData(answers['the page /'])).toBe(false);
      for (const [what, response] of Object.entries(answers)) {
        const hsts = response.headers.get('strict-transport-security') ?? '';
        const hstsSeconds = Number(/^max-age=(\d+); includeSubDomains$/i.exec(hsts)?.[1] ?? 0);
        if (scheme === 'https') expect(hstsSeconds, `${what}: ${hsts}`).toBeGreaterThanOrEqual(31_536_000);
        else expect(hsts, what).toBe('');
        expect(response.headers.get('x-content-type-options'), what).toBe('nosniff');
        expect(response.headers.get('x-powered-by'), what).toBeNull();
        if (isData(response)) {
          // Data, never a page: nothing may load or frame it, and other sites may not embed it.
          expect(parseCsp(response.headers.get('content-security-policy') ?? ''), what).toEqual({
            'default-src': ["'none'"],
            'frame-ancestors': ["'none'"],
          });
          expect(response.headers.get('x-frame-options'), what).toBe('DENY');
          expect(response.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
          continue;
        }
        const csp = parseCsp(response.headers.get('content-security-policy') ?? '');
        const scripts = csp['script-src'] ?? csp['default-src'];
        expect(scripts, what).toBeDefined();
        for (const unsafe of [
          "'unsafe-inline'",
          "'unsafe-eval'",
          "'unsafe-hashes'",
          '*',
          'data:',
          'https:',
          'http:',
        ]) {
          expect(scripts, `${what}: script-src ${unsafe}`).not.toContain(unsafe);
        }
        expect(csp['default-src'], what).toEqual(["'self'"]);
        expect(csp['object-src'], what).toEqual(["'none'"]);
        expect(csp['base-uri'], what).toEqual(["'self'"]);
        expect(csp['frame-ancestors'], what).toEqual(["'none'"]);
        // Stripe.js, its card frames and its API: nowhere else (no Stripe styles, images or forms).
        for (const [directive, sources] of Object.entries(csp)) {
          if (sources.some((source) => source.includes('stripe'))) {
            expect(['script-src', 'frame-src', 'connect-src'], `${what}: Stripe in ${directive}`).toContain(
              directive,
            );
          }
        }
        expect(csp['upgrade-insecure-requests'] !== undefined, what).toBe(scheme === 'https');

        expect(response.headers.get('referrer-policy'), what).toBe('no-referrer');
        expect(response.headers.get('x-frame-options'), what).toBe('SAMEORIGIN');
        expect(response.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
      }
    });
  }
});

describe('the session cookie', () => {
  /** The cookies a new account's first sign-in sets (the sign-up itself signs nobody in). */
  async function signUpCookies(app: TestApp, origin: string) {
    const credentials = { email: `cookie.${Date.now()}@ballast.test`, password: 'correct horse battery' };
    const created = await app.request('/api/identity/sign-up/email', {
      method: 'POST',
      json: { ...credentials, name: 'Maya' },
      headers: { origin },
    });
    expect(created.status).toBe(200);
    const response = await app.request('/api/identity/sign-in/email', {
      method: 'POST',
      json: credentials,
      headers: { origin },
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie();
  }

  it('is HttpOnly and SameSite=Lax, and not Secure over plain http', async () => {
    const cookies = await signUpCookies(plain, plain.baseUrl);
    const session = cookies.find((line) => line.startsWith('ballast.session_token='));
    expect(session).toBeDefined();
    for (const line of cookies) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).not.toMatch(/;\s*Secure/i);
    }
  });

  it('is Secure, with the __Secure- prefix, when PUBLIC_URL is https', async () => {
    const cookies = await signUpCookies(secure, SECURE_URL);
    const session = cookies.find((line) => line.startsWith('__Secure-ballast.session_token='));
    expect(session).toBeDefined();
    for (const line of cookies) {
      expect(line).toMatch(/;\s*HttpOnly/i);
      expect(line).toMatch(/;\s*SameSite=Lax/i);
      expect(line).toMatch(/;\s*Secure/i);
    }
  });
});

describe('cross-site requests (CSRF)', () => {
  /** Each way a browser marks a request made by another site's page. */
  const CROSS_SITE_MARKS: [string, Record<string, string>][] = [
    ['Origin: https://evil.example', { origin: FOREIGN_ORIGIN }],
    ['Sec-Fetch-Site: cross-site and no Origin', { 'sec-fetch-site': 'cross-site' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
  ];

  /** A concrete URL for a route pattern; `*` (Better Auth's tree) becomes each of its endpoints. */
  function concreteUrls(url: string): string[] {
    const filled = url.replace(/:[^/]+/g, '3b241101-e2bb-4255-8caf-4136c566a962');
    if (!filled.endsWith('*')) return [filled];
    const prefix = filled.slice(0, -1);
    return prefix === '/api/identity/'
      ? IDENTITY_ENDPOINTS.map((endpoint) => `${prefix}${endpoint}`)
      : [`${prefix}x`];
  }

  function stateChangingRoutes() {
    return plain.app.routeTable.filter(({ method }) => STATE_CHANGING.has(method));
  }

  /** A form post, the kind another site's page can send without asking (no CORS preflight). */
  function crossSiteCall(method: string, url: string, cookie: string, mark: Record<string, string>) {
    return fetch(`${plain.baseUrl}${url}`, {
      method,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...mark },
      body: 'amount=1000&plan=mastermind&confirm=yes',
      redirect: 'manual',
    });
  }

  it('keeps the list of exceptions true: each is a state-changing route the app serves', () => {
    const served = new Set(stateChangingRoutes().map(({ method, url }) => `${method} ${url}`));
    for (const route of Object.keys(CROSS_SITE_BY_DESIGN)) expect(served, route).toContain(route);
    expect(served.size).toBeGreaterThan(15);
  });

  it('refuses every other state-changing route from another site, signed in, with 403', async () => {
    const user = await signUpUser(plain);
    const accepted: string[] = [];
    for (const { method, url } of stateChangingRoutes()) {
      if (CROSS_SITE_BY_DESIGN[`${method} ${url}`]) continue;
      for (const concrete of concreteUrls(url)) {
        for (const [mark, headers] of CROSS_SITE_MARKS) {
          const response = await crossSiteCall(method, concrete, user.cookie, headers);
          const body = await response.text();
          if (response.status !== 403)
            accepted.push(`${method} ${concrete} with ${mark}: ${response.status}`);
          else if (!concrete.startsWith('/api/identity/'))
            expect(JSON.parse(body).message).toBe(CSRF_REFUSAL);
        }
      }
    }
    expect(accepted).toEqual([]);
    // Nothing above reached a handler: the session is intact and the account still empty.
    const request = as(plain, user);
    expect((await request('/api/auth/user')).status).toBe(200);
    expect(await (await request('/api/revenue')).json()).toEqual([]);
  });

  it('lets the exceptions through the origin check, to their own token check', async () => {
    const user = await signUpUser(plain);
    for (const route of Object.keys(CROSS_SITE_BY_DESIGN)) {
      const [method, url] = route.split(' ') as [string, string];
      for (const [mark, headers] of CROSS_SITE_MARKS) {
        const response = await crossSiteCall(method, `${url}?token=forged`, user.cookie, headers);
        expect(response.status, `${route} with ${mark}`).toBe(400);
        expect(await response.text()).toContain('<!doctype html>');
      }
    }
  });

  it("refuses a browser's call to Stripe's webhook, yet lets Stripe's own (no browser headers) reach the signature check", async () => {
    for (const [mark, headers] of CROSS_SITE_MARKS) {
      const response = await fetch(`${plain.baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}',
      });
      expect(response.status, mark).toBe(403);
    }
    // Past the origin check to the webhook's own answer (here: no Stripe keys on this server).
    const fromStripe = await fetch(`${plain.baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      body: '{}',
    });
    expect(fromStripe.status).not.toBe(403);
    expect((await fromStripe.json()).message).not.toBe(CSRF_REFUSAL);
  });
});
