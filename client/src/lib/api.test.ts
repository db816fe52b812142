import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiRequest, describeError, getQueryFn } from './api';
import { isSuppressedRejection } from './suppress-network-rejections';

let server: Server;
let base: string;
const seen: { method?: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ method: request.method, contentType: request.headers['content-type'], body });
      if (request.url === '/ok')
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
      if (request.url === '/empty-error') return response.writeHead(503).end();
      if (request.url === '/missing')
        return response.writeHead(404).end('{"error":"NOT_FOUND","message":"Route GET:/missing not found"}');
      if (request.url === '/unauthorised')
        return response.writeHead(401).end('{"error":"UNAUTHORIZED","message":"Sign in"}');
      response
        .writeHead(400, { 'content-type': 'application/json' })
        .end('{"error":"VALIDATION_ERROR","message":"email: Enter a valid email address"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => {
  server.close();
});

describe('apiRequest', () => {
  it('sends JSON only when there is a body', async () => {
    await apiRequest('POST', `${base}/ok`, { email: 'a@b.co' });
    await apiRequest('POST', `${base}/ok`);
    expect(seen.at(-2)).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"email":"a@b.co"}',
    });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', contentType: undefined, body: '' });
  });

  it('raises "<status>: <body>" for a failed call, or the status text when the body is empty', async () => {
    await expect(apiRequest('GET', `${base}/bad`)).rejects.toThrow(
      '400: {"error":"VALIDATION_ERROR","message":"email: Enter a valid email address"}',
    );
    await expect(apiRequest('GET', `${base}/empty-error`)).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('can treat 401 as no data', async () => {
    const returnNull = getQueryFn({ on401: 'returnNull' });
    const context = { queryKey: [`${base}/unauthorised`], signal: new AbortController().signal } as never;
    expect(await returnNull(context)).toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context)).rejects.toThrow(/^401: /);
  });

  it('can treat 404 as no data, and raises it otherwise', async () => {
    const context = { queryKey: [`${base}/missing`], signal: new AbortController().signal } as never;
    expect(await getQueryFn({ on401: 'throw', on404: 'returnNull' })(context)).toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(context)).rejects.toThrow(/^404: /);
  });
});

describe('describeError', () => {
  it("shows the server's message for a 4xx, never the status code", async () => {
    const error = await apiRequest('GET', `${base}/bad`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(describeError(error, 'Failed to join waitlist. Please try again.')).toBe(
      'email: Enter a valid email address',
    );
  });

  it('falls back for server errors, unknown bodies and network failures', async () => {
    const fallback = 'Failed to join waitlist. Please try again.';
    expect(describeError(new ApiError(500, '{"error":"INTERNAL_ERROR","message":"db down"}'), fallback)).toBe(
      fallback,
    );
    expect(describeError(new ApiError(502, '<html>Bad gateway</html>'), fallback)).toBe(fallback);
    const offline = await fetch('http://127.0.0.1:1/').catch((caught: unknown) => caught);
    expect(describeError(offline, fallback)).toMatch(/couldn't reach Ballast/);
  });
});

describe('unhandled rejection filter', () => {
  it('suppresses fetch, abort and IP-lookup noise only', () => {
    expect(isSuppressedRejection(new TypeError('Failed to fetch'))).toBe(true);
    expect(isSuppressedRejection(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true);
    expect(isSuppressedRejection(new Error('GET https://api.ipify.org failed'))).toBe(true);
    expect(isSuppressedRejection(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
