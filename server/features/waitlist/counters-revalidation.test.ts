import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { signUpAndConfirm, waitForTotal } from '../../../tests/support/waitlist';
import { COUNTERS_CACHE_CONTROL } from './routes';

let t: TestApp;
/** Request ids seen by a hook every request passes: proof the counters go through routing and hooks. */
const hooked: string[] = [];

beforeAll(async () => {
  // Metrics on: the counters take the same path through Fastify as with metrics off (decision 048).
  t = await startTestApp({
    metrics: true,
    beforeListen: (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.url.startsWith('/api/waitlist/counters')) hooked.push(request.id);
      });
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('the spot counters', () => {
  it('carry an entity tag, and answer a poll that holds the current one with 304 and no body', async () => {
    const first = await t.request('/api/waitlist/counters');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(COUNTERS_CACHE_CONTROL);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^"places-\d+"$/);
    const { totalSignups } = (await first.json()) as { totalSignups: number };

    const repeat = await t.request('/api/waitlist/counters', { headers: { 'if-none-match': tag } });
    expect(repeat.status).toBe(304);
    expect(await repeat.text()).toBe('');
    // Bare: a length or type of a body on a 304 leaves a client waiting for bytes that never come.
    expect(repeat.headers.get('content-length')).toBeNull();
    expect(repeat.headers.get('content-type')).toBeNull();
    expect(repeat.headers.get('etag')).toBe(tag);
    // The data security headers (decision 038) are on the 304 as on the 200: the hooks ran.
    expect(repeat.headers.get('x-content-type-options')).toBe('nosniff');
    expect(hooked).toHaveLength(2);
    // A weak form of the tag, or one of a list, holds it too.
    const listed = await t.request('/api/waitlist/counters', {
      headers: { 'if-none-match': `"x", W/${tag}` },
    });
    expect(listed.status).toBe(304);

    // A place kept changes the counters: the old tag no longer holds, and the new answer has a new one.
    await signUpAndConfirm(t, { email: `revalidate.${Date.now()}@ballast.test` });
    await waitForTotal(t, totalSignups + 1);
    const after = await t.request('/api/waitlist/counters', { headers: { 'if-none-match': tag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(tag);
    expect(((await after.json()) as { totalSignups: number }).totalSignups).toBe(totalSignups + 1);
  });
});
