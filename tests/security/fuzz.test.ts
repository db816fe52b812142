import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../server/paths';
import { startTestApp, type TestApp } from '../support/app';
import { type FuzzCase, fillPath, fuzzCases } from '../support/fuzz-cases';
import { type Operation, operationKey, operationsOf } from '../support/openapi-operations';
import { type FakeStripe, startFakeStripe } from '../support/stripe-server';
import { as, signInWithEmailLink, signUpUser } from '../support/users';

/**
 * Every operation in the OpenAPI document the app serves gets malformed paths, queries and bodies, signed
 * out and signed in. Whatever arrives, the answer is a 4xx (or a success) that shows no stack trace.
 * The cases are drawn from SEED: a failure names its case, and the same seed sends it again.
 */
const SEED = 20_250_611;

/** Streams until the client leaves: checked on its own in alert-stream.test.ts, never sent bodies. */
const STREAMING = new Set(['GET /api/alerts/stream']);

/** Signed-in fuzz users are operators too, so the admin routes read their input instead of refusing. */
const OPERATOR_EMAILS = Array.from({ length: 120 }, (_, index) => `fuzz.operator.${index}@ballast.test`);

const credentials = {
  type: 'object',
  properties: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  required: ['email', 'password'],
};

/** Better Auth's tree is hidden from the document (it is the library's), yet takes bodies from anyone. */
const IDENTITY_OPERATIONS: Operation[] = [
  { method: 'POST', path: '/api/identity/sign-up/email', parameters: [], body: credentials },
  { method: 'POST', path: '/api/identity/sign-in/email', parameters: [], body: credentials },
  {
    method: 'POST',
    path: '/api/identity/sign-in/magic-link',
    parameters: [],
    body: { type: 'object', properties: { email: { type: 'string' } } },
  },
  {
    method: 'GET',
    path: '/api/identity/magic-link/verify',
    parameters: [{ in: 'query', name: 'token', schema: { type: 'string' } }],
  },
  { method: 'GET', path: '/api/identity/get-session', parameters: [] },
  { method: 'POST', path: '/api/identity/sign-out', parameters: [] },
];

type Request = ReturnType<typeof as>;

/**
 * Path parameters that name one of the creator's own records: the record is made first, so bad bodies
 * are checked against a real row and reach the service and the database, not only the 404.
 */
const RECORD_MAKERS: Record<string, (request: Request) => Promise<Record<string, string>>> = {
  '/api/revenue/{id}': async (request) => {
    const json = { source: 'other', amount: '12.50', date: '2025-01-15' };
    return {
      id: ((await (await request('/api/revenue', { method: 'POST', json })).json()) as { id: string }).id,
    };
  },
  '/api/platforms/{id}': async (request) => {
    const json = { platform: 'youtube', platformUsername: 'fuzz_creator' };
    return {
      id: ((await (await request('/api/platforms', { method: 'POST', json })).json()) as { id: string }).id,
    };
  },
  '/api/blueprints/{id}/progress': async (request) => {
    const response = await request('/api/blueprints', { method: 'POST' });
    return { id: ((await response.json()) as { id: string }).id };
  },
  '/api/blueprints/{id}/weeks/{week}': async (request) => {
    const response = await request('/api/blueprints', { method: 'POST' });
    return { id: ((await response.json()) as { id: string }).id, week: '1' };
  },
};

/** Frames of a Node stack trace, our file paths, or an error's text with a source file in it. */
const STACK_TRACE = [
  /^\s*at .+:\d+:\d+\)?$/m,
  // The same frames inside a JSON string, where the line breaks are escaped.
  /\\n\s*at \S.*?:\d+:\d+/,
  /node_modules/,
  /file:\/\//,
  /node:internal/,
  /\b\w*Error: [^\n]*(?:\/[\w.-]+)+\.[cm]?[jt]sx?\b/,
];

const FORGED_COOKIES = [
  'ballast.session_token=%zz',
  'ballast.session_token=a.b.c',
  `ballast.session_token=${'a'.repeat(6000)}`,
  '__Secure-ballast.session_token=forged',
  'ballast.session_token=; ballast.session_token=x',
  '=;=;;',
];

type Answer = { status: number; text: string };

let t: TestApp;
let stripe: FakeStripe;
let operations: Operation[];
let addresses = 0;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({
    env: { ...stripe.env, TRUST_PROXY: 'true', ADMIN_EMAILS: OPERATOR_EMAILS.join(',') },
  });
  // The operators' calls are listed to an operator only.
  const operator = await signInWithEmailLink(t, OPERATOR_EMAILS[0]!);
  const document = await (await t.request('/api/docs/json', { headers: { cookie: operator.cookie } })).json();
  operations = [...operationsOf(document), ...IDENTITY_OPERATIONS];
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/**
 * Each request comes from an address of its own (the app trusts X-Forwarded-For here), so per-address
 * rate limits do not turn the rest of a route's cases into 429s before their input is read.
 */
function nextAddress() {
  const count = addresses++;
  return `198.${18 + ((count >> 16) & 1)}.${(count >> 8) & 255}.${count & 255}`;
}

async function send(method: string, fuzzCase: FuzzCase, cookie?: string): Promise<Answer> {
  const headers = new Headers(fuzzCase.headers);
  headers.set('x-forwarded-for', nextAddress());
  if (cookie) headers.set('cookie', cookie);
  const response = await t.request(fuzzCase.target, {
    method,
    headers,
    body: fuzzCase.body,
    signal: AbortSignal.timeout(10_000),
  });
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, text: '' };
  }
  return { status: response.status, text: await response.text() };
}

function problemWith(answer: Answer): string | undefined {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.text.includes(PROJECT_ROOT) || STACK_TRACE.some((pattern) => pattern.test(answer.text)))
    return `showed a stack trace: ${answer.text.slice(0, 300)}`;
  return undefined;
}

/**
 * Sends the cases a few at a time and names each one that went wrong. Better Auth's endpoints get one
 * at a time: two sign-ups for one address in the same instant make the library log its insert race.
 */
async function sendAll(operation: Operation, cases: FuzzCase[], cookie?: string): Promise<string[]> {
  const concurrency = operation.path.startsWith('/api/identity/') ? 1 : 6;
  const problems: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++]!;
      let problem: string | undefined;
      try {
        problem = problemWith(await send(operation.method, fuzzCase, cookie));
      } catch (error) {
        problem = `failed: ${(error as Error).message}`;
      }
      if (problem) problems.push(`${operationKey(operation)} [${fuzzCase.label}] ${problem}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return problems;
}

async function expectStillServing() {
  expect((await t.request('/healthz')).status).toBe(200);
  expect((await t.request('/readyz')).status).toBe(200);
  const request = as(t, await signUpUser(t));
  expect((await request('/api/auth/user')).status).toBe(200);
  const json = { source: 'other', amount: '12.50', date: '2025-01-15' };
  expect((await request('/api/revenue', { method: 'POST', json })).status).toBe(201);
}

const fuzzed = () => operations.filter((operation) => !STREAMING.has(operationKey(operation)));

describe('fuzzing every operation in the OpenAPI document', () => {
  it('reads the operations of every feature from the document', () => {
    const keys = operations.map(operationKey);
    expect(keys.length).toBeGreaterThan(40);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /api/revenue',
        'PATCH /api/revenue/{id}',
        'POST /api/waitlist/signup',
        'POST /api/contact',
        'POST /api/upload/screenshots',
        'POST /api/stripe/webhook',
        'GET /api/alerts/stream',
      ]),
    );
  });

  it('recognises a 5xx and a stack trace when it sees one', () => {
    const stack = new Error('boom').stack!;
    expect(problemWith({ status: 400, text: stack })).toMatch(/stack trace/);
    const inJson = JSON.stringify({ message: stack.replaceAll(PROJECT_ROOT, '/srv/app') });
    expect(problemWith({ status: 400, text: inJson })).toMatch(/stack trace/);
    expect(problemWith({ status: 503, text: '' })).toMatch(/503/);
    const validation = { error: 'VALIDATION_ERROR', message: 'amount: Enter the amount in pounds.' };
    expect(problemWith({ status: 400, text: JSON.stringify(validation) })).toBeUndefined();
  });

  it('answers signed-out visitors with 4xx, never a 5xx or a stack trace', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    for (const operation of fuzzed()) {
      const cases = fuzzCases(operation, SEED);
      // A signed-in route refuses before it reads anything; a sample of its cases shows that holds.
      const probe = await send(operation.method, { label: 'plain', target: fillPath(operation) });
      const chosen = probe.status === 401 ? cases.filter((_, index) => index % 8 === 0) : cases;
      problems.push(...(await sendAll(operation, chosen)));
    }
    // Forged, mangled and oversized session cookies, one per operation in turn: the session lookup is shared.
    for (const [index, operation] of fuzzed().entries()) {
      const cookie = FORGED_COOKIES[index % FORGED_COOKIES.length]!;
      const fuzzCase = { label: `cookie ${cookie.slice(0, 40)}`, target: fillPath(operation) };
      const problem = problemWith(await send(operation.method, fuzzCase, cookie));
      if (problem) problems.push(`${operationKey(operation)} [${fuzzCase.label}] ${problem}`);
    }
    expect(problems).toEqual([]);
    await expectStillServing();
  });

  it('answers signed-in creators with 4xx or success, never a 5xx or a stack trace', {
    timeout: 180_000,
  }, async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const [index, operation] of fuzzed().entries()) {
      // A user of its own per operation: one operation signing out or deleting its account spoils no other.
      const user = await signInWithEmailLink(t, OPERATOR_EMAILS[index]!);
      const makeRecord = RECORD_MAKERS[operation.path];
      const ids = makeRecord ? await makeRecord(as(t, user)) : {};
      const cases = fuzzCases(operation, SEED, ids);
      sent += cases.length;
      problems.push(...(await sendAll(operation, cases, user.cookie)));
    }
    expect(problems).toEqual([]);
    // Bounded, so the run stays within its timeout as operations are added.
    expect(sent).toBeLessThan(5000);
    await expectStillServing();
  });
});
