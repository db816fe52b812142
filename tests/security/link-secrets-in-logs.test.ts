import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFETIME_PLACE_RETURN_PATH } from '../../server/features/billing/lifetime-place-service';
import { unsubscribeUrl } from '../../server/integrations/email/unsubscribe-token';
import { lifetimePlaceLink } from '../../server/integrations/stripe/lifetime-place-link';
import { startTestApp, type TestApp } from '../support/app';
import { captureLogStream } from '../support/log';
import { latestEmailLink, nextClientAddress, signUpUser } from '../support/users';
import { signUp } from '../support/waitlist';

/**
 * Every link the app emails or is sent back to carries a secret: a token, an OAuth code and state.
 * Each is opened against the app logging at its most verbose, the way it runs, and the captured log
 * must hold none of them, whether the link keeps its secret in the query or in the path (the reset
 * link's `/reset-password/<token>`).
 */

let t: TestApp;
const { logStream, lines } = captureLogStream();

beforeAll(async () => {
  t = await startTestApp({ env: { LOG_LEVEL: 'trace', TRUST_PROXY: 'true' }, deps: { logStream } });
});

afterAll(async () => {
  await t.close();
});

/** What must not be printed: the token, and each long piece of it (a signed token's signature). */
function secretsOf(token: string): string[] {
  return [token, ...token.split('.').filter((piece) => piece.length >= 16)];
}

/** The path and query of a link, and its secret: the named query value, or the last path segment. */
function partsOf(link: string, where: 'query' | 'path', name = 'token') {
  const url = new URL(link, t.baseUrl);
  const secret = where === 'query' ? url.searchParams.get(name) : url.pathname.split('/').at(-1);
  if (!secret) throw new Error(`no secret in ${link}`);
  return { target: `${url.pathname}${url.search}`, secret };
}

/** Opens the link as a visitor would (GET, or POST as its page's button does) and hands back its log. */
async function open(target: string, method: 'GET' | 'POST' = 'GET') {
  const before = lines.length;
  const response = await t.request(target, {
    method,
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  await response.arrayBuffer();
  // The request's own line is written once its answer is sent; wait for it, not a fixed time.
  const deadline = Date.now() + 5_000;
  while (!lines.slice(before).some((line) => line.includes('"msg":"request"'))) {
    if (Date.now() > deadline) throw new Error(`no request line logged for ${method} ${target}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return response;
}

function expectLogWithout(secret: string) {
  const log = lines.join('');
  for (const piece of secretsOf(secret)) {
    expect(log).not.toContain(piece);
    expect(log).not.toContain(encodeURIComponent(piece));
  }
}

async function emailedLinks() {
  const user = await signUpUser(t);
  const asked = await t.request('/api/identity/sign-in/magic-link', {
    method: 'POST',
    json: { email: user.email, callbackURL: '/' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(asked.status).toBe(200);
  const reset = await t.request('/api/identity/request-password-reset', {
    method: 'POST',
    json: { email: user.email, redirectTo: '/reset-password' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(reset.status).toBe(200);
  return {
    email: user.email,
    confirmation: await latestEmailLink(t, user.email, 'verify-email'),
    notMe: await latestEmailLink(t, user.email, 'verify-email', 'notMeUrl'),
    signIn: await latestEmailLink(t, user.email, 'magic-link'),
    reset: await latestEmailLink(t, user.email, 'password-reset'),
    unsubscribe: unsubscribeUrl(t.config.publicUrl, t.config.sessionSecret, user.email),
  };
}

describe('secrets from links, in the log', () => {
  it('the reset link: its token is in the path, and again in the page it sends the visitor to', async () => {
    const { reset } = await emailedLinks();
    const { target, secret } = partsOf(reset, 'path');
    expect(target).toContain(`/reset-password/${secret}`);
    const opened = await open(target);
    expect(opened.status).toBe(302);
    const page = partsOf(opened.headers.get('location')!, 'query');
    expect(page.secret).toBe(secret);
    await open(page.target);
    expectLogWithout(secret);
  });

  it('the sign-in link, the address confirmation and "This wasn\'t me" (opened, then its button)', async () => {
    const links = await emailedLinks();
    for (const link of [links.signIn, links.confirmation]) {
      const { target, secret } = partsOf(link, 'query');
      await open(target);
      expectLogWithout(secret);
    }
    const notMe = partsOf(links.notMe, 'query');
    await open(notMe.target);
    await open(notMe.target, 'POST');
    expectLogWithout(notMe.secret);
  });

  it('the unsubscribe link (opened, its button, the one-click post, the leave button) and the removal link', async () => {
    const { email, unsubscribe } = await emailedLinks();
    expect((await signUp(t, { email })).ok).toBe(true);
    const { target, secret } = partsOf(unsubscribe, 'query');
    await open(target);
    await open(target, 'POST');
    await open(target.replace('/unsubscribe?', '/removal-request?'), 'POST');
    expectLogWithout(secret);
    const removal = partsOf(await latestEmailLink(t, email, 'waitlist-removal'), 'query');
    await open(removal.target);
    await open(removal.target, 'POST');
    expectLogWithout(removal.secret);
  });

  it('the £5 link for a lifetime place, and the return from Stripe', async () => {
    const signupId = crypto.randomUUID();
    const { target, secret } = partsOf(
      lifetimePlaceLink(t.baseUrl, t.config.sessionSecret, signupId),
      'query',
    );
    await open(target);
    const session = `cs_test_${randomBytes(12).toString('hex')}`;
    await open(`${LIFETIME_PLACE_RETURN_PATH}?token=${encodeURIComponent(secret)}&session_id=${session}`);
    expectLogWithout(secret);
    expectLogWithout(session);
  });

  it('the OAuth callbacks of a platform connection and of single sign-on', async () => {
    for (const path of ['/api/connect/youtube/callback', '/api/identity/oauth2/callback/oidc']) {
      const code = `code-${randomBytes(12).toString('hex')}`;
      const state = `state-${randomBytes(12).toString('hex')}`;
      await open(`${path}?code=${code}&state=${state}`);
      expectLogWithout(code);
      expectLogWithout(state);
    }
  });

  it('keeps what helps find a request: the path and the harmless query values', async () => {
    await open('/api/waitlist/unsubscribe?token=abc.defghijklmnopqrstuvwxyz&page=2');
    const request = lines
      .map((line) => JSON.parse(line) as { msg: string; url?: string })
      .findLast((entry) => entry.msg === 'request');
    expect(request?.url).toBe('/api/waitlist/unsubscribe?token=[redacted]&page=2');
  });
});
