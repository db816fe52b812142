import { once } from 'node:events';
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { signUpUser, type TestUser } from '../support/users';

/**
 * The alert stream never finishes by itself, so the fuzzer leaves it out; here it gets bad input on its
 * own. Each request has a socket of its own (node:http, no agent) so the test can see the server let go
 * of it once the client hangs up.
 */
const STREAM = '/api/alerts/stream';

const BAD_QUERIES = [
  '?%zz=%zz',
  '?since=a&since=b',
  '?since[]=1',
  `?since=${'9'.repeat(6000)}`,
  '?__proto__[isAdmin]=true',
  '?%F0%9F%98%80=%00',
];

const BAD_HEADERS: { headers: Record<string, string>; body?: string }[] = [
  { headers: { 'last-event-id': '%zz\u00e9'.repeat(500) } },
  { headers: { accept: 'application/json' } },
  { headers: { accept: '*/*;q=junk' } },
  { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } },
  { headers: { 'content-type': 'application/json' }, body: '{"not": "read", "deep": [[[[[[]]]]]]' },
];

type Opened = {
  status: number;
  /** The first chunk of the body (the stream's `: connected`), or the whole body of a short answer. */
  text: string;
  contentType: string;
  /** Resolves when the server has closed its end of the connection. */
  serverClosed: Promise<unknown>;
  hangUp(): void;
};

let t: TestApp;
let user: TestUser;
/** The server's end of each connection, by the client's port: resolves when the server has closed it. */
const serverClosed = new Map<number, Promise<unknown>>();

beforeAll(async () => {
  t = await startTestApp();
  t.app.server.on('connection', (socket: Socket) =>
    serverClosed.set(socket.remotePort!, once(socket, 'close')),
  );
  user = await signUpUser(t);
});

afterAll(async () => {
  await t?.close();
});

function open(target: string, init: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<Opened>((resolve, reject) => {
    const headers = { ...init.headers };
    if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
    const request = http.request(`${t.baseUrl}${target}`, {
      method: init.method ?? 'GET',
      headers,
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`${init.method ?? 'GET'} ${target.slice(0, 60)} got no answer within 3 s`));
    }, 3000);
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on('response', (response) => {
      const closed = serverClosed.get(response.socket.localPort!);
      const opened = (text: string) => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          text,
          contentType: String(response.headers['content-type'] ?? ''),
          serverClosed: closed ?? Promise.reject(new Error('the server saw no such connection')),
          hangUp: () => request.destroy(),
        });
      };
      const isStream = String(response.headers['content-type']).startsWith('text/event-stream');
      if (init.method === 'HEAD') return opened('');
      if (isStream) return response.once('data', (chunk) => opened(String(chunk)));
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => opened(text));
    });
    request.end(init.body);
  });
}

/** Resolves when `promise` does, or fails after `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('the alert stream under bad input', () => {
  it('refuses signed-out and forged-cookie callers at once, whatever they send', async () => {
    const cookies = [
      undefined,
      'ballast.session_token=forged.value',
      `ballast.session_token=${'%zz'.repeat(2000)}`,
    ];
    for (const cookie of cookies) {
      for (const query of ['', ...BAD_QUERIES]) {
        const answer = await open(`${STREAM}${query}`, { headers: cookie ? { cookie } : {} });
        expect(answer.status, `${query} with cookie ${cookie?.slice(0, 40)}`).toBe(401);
        expect(answer.text).not.toMatch(/\bat .+:\d+:\d+|node_modules/);
      }
    }
  });

  it('opens for a signed-in creator despite junk, and lets go as soon as the client hangs up', async () => {
    const cases = [
      ...BAD_QUERIES.map((query) => ({ target: `${STREAM}${query}`, headers: {}, body: undefined })),
      ...BAD_HEADERS.map((bad) => ({ target: STREAM, ...bad })),
    ];
    for (const { target, headers, body } of cases) {
      const answer = await open(target, { headers: { ...headers, cookie: user.cookie }, body });
      const label = `${target.slice(0, 60)} ${JSON.stringify(headers).slice(0, 60)}`;
      expect(answer.status, label).toBeLessThan(500);
      if (answer.status === 200) {
        expect(answer.contentType, label).toMatch(/^text\/event-stream/);
        expect(answer.text, label).toContain(': connected');
      }
      answer.hangUp();
      await within(1000, `the server closing ${label}`, answer.serverClosed);
    }
  });

  it('answers other methods on the stream path with 4xx', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const answer = await open(STREAM, {
        method,
        headers: { cookie: user.cookie, origin: t.baseUrl, 'content-type': 'application/json' },
        body: '{"a":',
      });
      expect(answer.status, method).toBeGreaterThanOrEqual(400);
      expect(answer.status, method).toBeLessThan(500);
    }
  });

  it('still serves after the streams closed', async () => {
    expect((await t.request('/healthz')).status).toBe(200);
    expect((await t.request('/readyz')).status).toBe(200);
    expect((await t.request('/api/alerts', { headers: { cookie: user.cookie } })).status).toBe(200);
  });

  /**
   * Node sends no headers for a HEAD response until it ends, so a HEAD that opened a stream would never
   * be answered and would hold a subscription until the client gave up: the route has no HEAD.
   */
  it('answers HEAD on the stream promptly', async () => {
    const answer = await open(STREAM, { method: 'HEAD', headers: { cookie: user.cookie } });
    answer.hangUp();
    expect(answer.status).toBeLessThan(500);
  });
});
