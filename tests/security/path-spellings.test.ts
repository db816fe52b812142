import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { sendRaw } from '../support/raw-request';
import { as, nextClientAddress, signUpUser, type TestUser } from '../support/users';

/**
 * The cross-site check and the path's spelling: the router decodes `%61` to `a` and matches the path of
 * an absolute-form target, and Better Auth routes again from the raw URL, resolving dot segments. So a
 * state-changing call is judged by the route that will run, and an API path written otherwise than the
 * app writes it is refused even from our own site. Each spelling goes out byte for byte (fetch would
 * tidy dot segments away).
 */

const FOREIGN_ORIGIN = 'https://evil.example';
const CSRF_REFUSAL = 'This request came from another website and was refused.';

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
  user = await signUpUser(t);
});

afterAll(async () => {
  await t.close();
});

/** Spellings of an `/api/...` path: none is the path as the app writes it. */
function spellingsOf(path: string): [string, string][] {
  const rest = path.slice('/api/'.length);
  const cut = path.lastIndexOf('/');
  const [dir, last] = [path.slice(0, cut), path.slice(cut + 1)];
  const escaped = `%${last.charCodeAt(0).toString(16)}${last.slice(1)}`;
  return [
    ['an escaped letter in /api', `/%61pi/${rest}`],
    ['an escaped letter at the end', `${dir}/${escaped}`],
    ['a doubled slash in front', `/${path}`],
    ['a doubled slash inside', `${dir}//${last}`],
    ['upper case /API', `/API/${rest}`],
    ['upper case at the end', `${dir}/${last.toUpperCase()}`],
    ['a trailing slash', `${path}/`],
    ['a dot segment', `${dir}/./${last}`],
    ['a dot-dot segment', `${dir}/x/../${last}`],
    ['an escaped dot-dot segment', `${dir}/x/%2e%2e/${last}`],
    ['a backslash dot-dot segment', `${dir}/x\\..\\${last}`],
    ['an absolute-form target', `http://evil.example${path}`],
  ];
}

/** A request with the target exactly as given. */
function send(method: string, target: string, headers: Record<string, string>, body: unknown) {
  const text = JSON.stringify(body);
  return sendRaw(t.baseUrl, {
    method,
    path: target,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'x-forwarded-for': nextClientAddress(),
      ...headers,
    },
    body: text,
  });
}

/** Each answer, in words: refused by the check, refused as misspelt, no route ran, or what ran. */
function outcomeOf(answer: { status: number; body: string }): string {
  // Ours ("There is nothing at …") or Better Auth's own, which routes case-sensitively.
  if (answer.status === 404) return 'no route';
  if (answer.status === 403 && answer.body.includes(CSRF_REFUSAL)) return 'refused as cross-site';
  if (answer.status === 400 && answer.body.includes('not written the usual way'))
    return 'refused as misspelt';
  return `${answer.status} ${answer.body.slice(0, 200)}`;
}

/**
 * Sends the call in every spelling from another site and from ours: the spellings answered otherwise
 * than refused (or not routed at all) come back, to be an empty list.
 */
async function answersOtherThanRefusals(path: string, headers: Record<string, string>, body: () => unknown) {
  const problems: string[] = [];
  for (const [what, target] of spellingsOf(path)) {
    const foreign = outcomeOf(await send('POST', target, { ...headers, origin: FOREIGN_ORIGIN }, body()));
    if (foreign !== 'refused as cross-site' && foreign !== 'no route')
      problems.push(`${target} (${what}) from another site: ${foreign}`);
    const own = outcomeOf(await send('POST', target, { ...headers, origin: t.baseUrl }, body()));
    if (own !== 'refused as misspelt' && own !== 'no route')
      problems.push(`${target} (${what}) from our site: ${own}`);
  }
  return problems;
}

const ENTRY = { source: 'other', amount: '12.50', date: '2025-01-15' };

async function accountsNamed(name: string) {
  const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email LIKE $1', [`${name}.%`]);
  return rows.length;
}

describe('a state-changing call spelt another way', () => {
  it('to one of our routes: refused from another site and as misspelt from ours, never run', async () => {
    expect(await answersOtherThanRefusals('/api/revenue', { cookie: user.cookie }, () => ENTRY)).toEqual([]);
    expect(await (await as(t, user)('/api/revenue')).json()).toEqual([]);
    // Spelt as the app spells it, the same call goes through: the body was never the reason.
    const written = await send('POST', '/api/revenue', { cookie: user.cookie, origin: t.baseUrl }, ENTRY);
    expect(written.status).toBe(201);
  });

  it("to Better Auth's routes: refused by our own check from another site, and as misspelt from ours", async () => {
    const signUp = () => ({
      email: `spelt.${crypto.randomUUID()}@ballast.test`,
      password: 'correct horse battery',
      name: 'Mallory',
    });
    expect(await answersOtherThanRefusals('/api/identity/sign-up/email', {}, signUp)).toEqual([]);
    expect(await accountsNamed('spelt')).toBe(0);
    const rename = () => ({ name: 'Mallory' });
    expect(
      await answersOtherThanRefusals('/api/identity/update-user', { cookie: user.cookie }, rename),
    ).toEqual([]);
    expect((await (await as(t, user)('/api/auth/user')).json()).firstName).toBe('Maya');
    // Spelt as the app spells it, both go through.
    const created = await send('POST', '/api/identity/sign-up/email', { origin: t.baseUrl }, signUp());
    expect(created.status).toBe(200);
    expect(await accountsNamed('spelt')).toBe(1);
    const renamed = await send(
      'POST',
      '/api/identity/update-user',
      { cookie: user.cookie, origin: t.baseUrl },
      rename(),
    );
    expect(renamed.status).toBe(200);
  });
});
