import { describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { sendRaw } from '../../tests/support/raw-request';
import { signUpUser } from '../../tests/support/users';

/** An app with one state-changing route behind the origin check. */
const startWithEcho = (env: Record<string, string> = {}) =>
  startTestApp({
    env,
    beforeListen: (app) => {
      app.post('/api/test/echo', async () => ({ ok: true }));
    },
  });

/**
 * A signed-in call from `http://evil.example`, with `headers` naming the host: sent as written, since
 * fetch puts its own `Host` in place of one it is given.
 */
async function callFromEvil(app: TestApp, headers: Record<string, string>) {
  const user = await signUpUser(app);
  const answer = await sendRaw(app.baseUrl, {
    method: 'POST',
    path: '/api/test/echo',
    headers: {
      'content-type': 'application/json',
      ...headers,
      origin: 'http://evil.example',
      cookie: user.cookie,
    },
    body: '{}',
  });
  return answer.status;
}

describe('the origin check', () => {
  it('judges Origin against PUBLIC_URL, never against the Host the request names', async () => {
    const direct = await startWithEcho();
    // Behind a proxy the host may come from X-Forwarded-Host, which the client writes as well.
    const proxied = await startWithEcho({ TRUST_PROXY: 'true' });
    try {
      expect(await callFromEvil(direct, { host: 'evil.example' })).toBe(403);
      expect(await callFromEvil(proxied, { 'x-forwarded-host': 'evil.example' })).toBe(403);
      expect(await callFromEvil(direct, {})).toBe(403);
      const own = await direct.request('/api/test/echo', { method: 'POST', json: {} });
      expect(own.status).toBe(200);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
