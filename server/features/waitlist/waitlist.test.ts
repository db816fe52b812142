import { tierForPosition } from '@common/waitlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { confirmPlace, nextVisitorAddress, readCounters, signUp } from '../../../tests/support/waitlist';
import { SIGNUP_RATE_LIMIT } from './routes';

let t: TestApp;

beforeAll(async () => {
  // Behind a proxy, so each simulated visitor can have an address of its own.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

let emailCount = 0;
const uniqueEmail = (prefix = 'creator') => `${prefix}.${Date.now()}.${++emailCount}@ballast.test`;

async function outboxFor(email: string) {
  const { rows } = await t.database.pool.query<{ payload: Record<string, unknown> }>(
    `SELECT payload FROM outbox_messages
     WHERE payload->>'to' = $1 OR payload->'body'->>'email' = $1 ORDER BY payload->>'channel'`,
    [email],
  );
  return rows.map((row) => row.payload);
}

describe('signing up', () => {
  it('answers the tier, the position and a message, and stores the email trimmed and lower-cased', async () => {
    const email = uniqueEmail('Maya');
    const response = await signUp(t, { email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      tier: tierForPosition(body.position),
      position: expect.any(Number),
      message: expect.stringContaining(`#${body.position}`),
    });
    const { rows } = await t.database.pool.query(
      'SELECT email, position, tier, signup_source FROM waitlist_signups WHERE position = $1',
      [body.position],
    );
    expect(rows).toEqual([
      { email: email.toLowerCase(), position: body.position, tier: body.tier, signup_source: 'landing' },
    ]);
  });

  it('records where the signup came from', async () => {
    const email = uniqueEmail();
    await signUp(t, { email, signupSource: 'not-found' });
    const { rows } = await t.database.pool.query(
      'SELECT signup_source FROM waitlist_signups WHERE email = $1',
      [email],
    );
    expect(rows).toEqual([{ signup_source: 'not-found' }]);
  });

  it('holds the place for 48 hours and queues the welcome, with the link that keeps it, and the copy', async () => {
    const email = uniqueEmail();
    const body = await (await signUp(t, { email })).json();
    expect(body.message).toMatch(
      new RegExp(`^Confirm within 48 hours to keep #${body.position}: open the link we've emailed you, and `),
    );
    const [crm, welcome, ...more] = await outboxFor(email);
    expect(more).toEqual([]);
    expect(crm).toEqual({ channel: 'crm', path: '/api/v1/waitlist', body: { email, source: 'waitlist' } });
    expect(welcome).toEqual({
      channel: 'email',
      template: 'waitlist-welcome',
      to: email,
      position: body.position,
      tier: body.tier,
      message: body.message,
      confirmUrl: expect.stringMatching(/\/api\/waitlist\/confirm\?token=[\w.-]+$/),
      confirmBy: expect.any(String),
      placeUrl: expect.stringMatching(/\/api\/waitlist\/place\?token=[\w.-]+$/),
    });
    const { rows } = await t.database.pool.query(
      `SELECT confirmed_at, extract(epoch FROM lapses_at - created_at)::int / 3600 AS hours
       FROM waitlist_signups WHERE email = $1`,
      [email],
    );
    expect(rows).toEqual([{ confirmed_at: null, hours: 48 }]);
  });

  it('answers an address already on the list as a new one, and tells its standing to the address only', async () => {
    const email = uniqueEmail('dup');
    const first = await (await signUp(t, { email })).json();
    await confirmPlace(t, email);
    const before = await readCounters(t);

    // Whoever types it gets what a new signup gets at this moment: the next place, in the same words.
    const again = await signUp(t, { email: `   ${email.toUpperCase()}  ` });
    expect(again.status).toBe(200);
    const body = await again.json();
    const fresh = await (await signUp(t, { email: uniqueEmail('fresh') })).json();
    expect(body.position).toBeGreaterThan(first.position);
    expect(body.position).toBe(fresh.position);
    expect(body).toEqual({
      tier: tierForPosition(body.position),
      position: body.position,
      message: `Confirm within 48 hours to keep #${body.position}${fresh.message.slice(fresh.message.indexOf(':'))}`,
    });

    expect(await readCounters(t)).toEqual(before);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n, min(position) AS position FROM waitlist_signups WHERE email = $1',
      [email],
    );
    expect(rows[0]).toEqual({ n: 1, position: first.position });
    // The standing goes to the address itself, by email.
    const emails = (await outboxFor(email)).filter((message) => message.channel === 'email');
    expect(emails).toHaveLength(2);
    expect(emails[1]).toMatchObject({
      template: 'waitlist-standing',
      position: first.position,
      message: expect.stringMatching(
        new RegExp(`^You're on the waitlist at #${first.position}, so there's nothing more to do`),
      ),
    });
  });

  it('keeps one place when the same email arrives many times at once', async () => {
    const email = uniqueEmail('race');
    const bodies = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const response = await signUp(t, { email: index % 2 ? email : email.toUpperCase() });
        expect(response.status).toBe(200);
        return response.json();
      }),
    );
    expect(bodies.every((body) => body.message.startsWith('Confirm within 48 hours to keep #'))).toBe(true);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM waitlist_signups WHERE email = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
    // One welcome, and one email of its standing however many asked (at most one in ten minutes).
    expect((await outboxFor(email)).filter((message) => message.channel === 'email')).toHaveLength(2);
  });
});

describe('bad input', () => {
  const cases: [string, unknown, RegExp][] = [
    ['no email', {}, /enter your email/i],
    ['an empty email', { email: '' }, /enter your email/i],
    ['only spaces', { email: '    ' }, /enter your email/i],
    ['a malformed email', { email: 'not-an-email' }, /valid email/i],
    ['an email with two @', { email: 'a@@ballast.test' }, /valid email/i],
    ['an over-long email', { email: `${'a'.repeat(250)}@ballast.test` }, /at most 254/i],
    ['a number', { email: 12345 }, /must be text/i],
    ['null', { email: null }, /must be text/i],
    ['a list', { email: ['a@ballast.test'] }, /must be text/i],
    ['an object', { email: { address: 'a@ballast.test' } }, /must be text/i],
    ['an over-long source', { email: 'ok@ballast.test', signupSource: 'x'.repeat(65) }, /at most 64/i],
    ['a JSON array body', [], /JSON object/i],
    ['a JSON string body', 'a@ballast.test', /JSON object/i],
  ];

  it.each(cases)('answers %s with 400 and a message a person can act on', async (_what, body, message) => {
    const response = await signUp(t, body);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.error).toBe('VALIDATION_ERROR');
    expect(answer.message).toMatch(message);
  });

  it('answers a missing or broken body with 400', async () => {
    const headers = { 'x-forwarded-for': nextVisitorAddress() };
    const missing = await t.request('/api/waitlist/signup', { method: 'POST', headers });
    expect(missing.status).toBe(400);
    const broken = await t.request('/api/waitlist/signup', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"email": "a@',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('The request body is not valid JSON.');
  });

  it('refuses a signup posted from another website', async () => {
    const response = await t.request('/api/waitlist/signup', {
      method: 'POST',
      json: { email: uniqueEmail() },
      headers: { origin: 'https://evil.example', 'x-forwarded-for': nextVisitorAddress() },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/another website/);
  });
});

describe('rate limit', () => {
  it('stops rapid repeats from one address with a friendly message, and only that address', async () => {
    const visitor = { 'x-forwarded-for': '198.51.100.23' };
    for (let attempt = 0; attempt < SIGNUP_RATE_LIMIT.max; attempt++) {
      expect((await signUp(t, { email: uniqueEmail() }, visitor)).status).toBe(200);
    }
    const limited = await signUp(t, { email: uniqueEmail() }, visitor);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect(await limited.json()).toEqual({ error: 'RATE_LIMITED', message: SIGNUP_RATE_LIMIT.message });

    expect((await signUp(t, { email: uniqueEmail() }, { 'x-forwarded-for': '198.51.100.24' })).status).toBe(
      200,
    );
  });
});

describe('API reference', () => {
  it('documents the waitlist and contact calls from their schemas', async () => {
    const document = await (await t.request('/api/docs/json')).json();
    const signup = document.paths['/api/waitlist/signup'].post;
    expect(signup.requestBody.content['application/json'].schema.required).toEqual(['email']);
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['200', '400', '429']));
    expect(document.paths['/api/waitlist/counters'].get.responses['200']).toBeDefined();
    expect(
      document.paths['/api/contact'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['name', 'email', 'message']);
  });
});
