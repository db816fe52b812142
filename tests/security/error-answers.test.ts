import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { as, signUpUser } from '../support/users';

/**
 * Two 500s the fuzzer found, pinned down (server/http/error-handler.ts): a refusal on a route whose
 * declared answers are HTML pages, and text PostgreSQL cannot store.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('error answers', () => {
  it('refuse a mangled query on an HTML route with the JSON 400, not a serialisation 500', async () => {
    for (const [method, target] of [
      ['GET', '/api/waitlist/unsubscribe?token=a&token=b'],
      ['POST', `/api/waitlist/unsubscribe?token=${'9'.repeat(3000)}`],
      ['GET', '/api/billing/lifetime-place/return?session_id=a&session_id=b'],
    ] as const) {
      const response = await t.request(target, { method });
      expect(response.status, `${method} ${target.slice(0, 50)}`).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await response.json()).error).toBe('VALIDATION_ERROR');
    }
    const brokenJson = await t.request('/api/waitlist/unsubscribe?token=x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(brokenJson.status).toBe(400);
    expect((await brokenJson.json()).message).toBe('The request body is not valid JSON.');
  });

  it('refuse text with a NUL character with 400, and store nothing', async () => {
    const request = as(t, await signUpUser(t));
    const response = await request('/api/platforms', {
      method: 'POST',
      json: { platform: 'youtube', platformUsername: 'maya', platformUserId: 'UC\u0000x' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'BAD_REQUEST',
      message:
        'The request contains a character that cannot be saved (a NUL character). Remove it and try again.',
    });
    expect(await (await request('/api/platforms')).json()).toEqual([]);
  });
});
