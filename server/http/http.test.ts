import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { createTestDatabase } from '../../tests/support/database';
import { AppError } from '../errors';

let client: string;
let t: TestApp;

beforeAll(async () => {
  client = await mkdtemp(path.join(tmpdir(), 'ballast-client-'));
  await mkdir(path.join(client, 'assets'));
  await writeFile(path.join(client, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(client, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  await writeFile(path.join(client, 'favicon.svg'), '<svg></svg>');

  t = await startTestApp({
    deps: { clientDist: client },
    beforeListen(app) {
      // Routes that exercise the shared validation and error handling the way feature routes do.
      const routes = app.withTypeProvider<ZodTypeProvider>();
      routes.post(
        '/api/test/echo',
        {
          schema: {
            body: z.object({ email: z.email('Enter a valid email address'), age: z.number().int() }),
          },
        },
        async (request) => request.body,
      );
      routes.get('/api/test/conflict', async (_request, reply) => {
        // A route that meant its answer to be shared (as the spot counters do) and then failed.
        reply.header('cache-control', 'public, s-maxage=5');
        throw new AppError('CONFLICT', 'You already have an active blueprint.');
      });
      routes.get('/api/test/crash', async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await t.request('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.request('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('is not ready on a database without the migrations', async () => {
    const empty = await createTestDatabase({ isEmpty: true });
    const other = await startTestApp({ testDatabase: empty });
    try {
      const ready = await other.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable' });
    } finally {
      await other.close();
    }
  });
});

describe('error format', () => {
  it('answers bad input with 400 and a message per field', async () => {
    const response = await t.request('/api/test/echo', { method: 'POST', json: { email: 'nope', age: 'x' } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.fields.email).toBe('Enter a valid email address');
    expect(body.fields.age).toBeTruthy();
    expect(body.message).toContain('email: Enter a valid email address');
  });

  it('explains a missing or broken body', async () => {
    const missing = await t.request('/api/test/echo', { method: 'POST' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('The request body must be a JSON object.');

    const broken = await t.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('The request body is not valid JSON.');

    const wrongType = await t.request('/api/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/x-something' },
      body: 'email=a',
    });
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).message).toMatch(/Send the request body as JSON/);
  });

  it('maps AppError codes to their status', async () => {
    const response = await t.request('/api/test/conflict');
    expect(response.status).toBe(409);
    // No cache keeps an error answer, whatever the route had set before it failed.
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: 'CONFLICT',
      message: 'You already have an active blueprint.',
    });
  });

  it('hides the details of unexpected errors', async () => {
    const response = await t.request('/api/test/crash');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text).error).toBe('INTERNAL_ERROR');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.request('/api/nothing-here', { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: 'NOT_FOUND',
      message: 'There is nothing at GET /api/nothing-here.',
    });
  });
});

describe('origin check', () => {
  const body = { email: 'creator@ballast.test', age: 30 };

  it('lets our own origin through', async () => {
    const response = await t.request('/api/test/echo', { method: 'POST', json: body });
    expect(response.status).toBe(200);
  });

  it('refuses a state-changing call from a foreign origin', async () => {
    const response = await t.request('/api/test/echo', {
      method: 'POST',
      json: body,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe('This request came from another website and was refused.');
  });

  it('refuses a cross-site browser call without an Origin header', async () => {
    const response = await fetch(`${t.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(403);
  });

  it('allows reads from anywhere and non-browser clients', async () => {
    const read = await t.request('/healthz', { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
    const server = await fetch(`${t.baseUrl}/api/test/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(server.status).toBe(200);
  });
});

describe('security headers and the client', () => {
  it('sends pages a strict content security policy', async () => {
    const page = await t.request('/dashboard', { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a page's own policy: the API docs page sends Swagger UI's, with the rest of the document set", async () => {
    const docs = await t.request('/api/docs/');
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(docs.headers.get('content-security-policy')).toContain('validator.swagger.io');
    expect(docs.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('sends JSON answers, refusals included, the data set and the request id', async () => {
    for (const response of [
      await t.request('/healthz'),
      await t.request('/api/no-such-route'),
      await t.request('/api/test/echo', { method: 'POST', headers: { origin: 'https://evil.example' } }),
    ]) {
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // What only a document reads is left off.
      expect(response.headers.get('referrer-policy')).toBeNull();
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('serves the app shell for client routes and caches only hashed assets for long', async () => {
    const page = await t.request('/dashboard', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root">');

    const asset = await t.request('/assets/index-AbCdEf12.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const favicon = await t.request('/favicon.svg');
    expect(favicon.headers.get('cache-control')).toBe('no-cache');
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const document = await (await t.request('/api/docs/json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/readyz']).toBeDefined();
    expect(
      document.paths['/api/test/echo'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['email', 'age']);
  });
});

describe('public settings', () => {
  it('say which sign-in methods work and where support is', async () => {
    expect(await (await t.request('/api/config')).json()).toEqual({
      signIn: { password: true, magicLink: true, singleSignOn: false },
      stripePublishableKey: null,
      supportEmail: 'support@127.0.0.1',
      company: { name: 'Ballast', address: null },
    });
  });

  it('name the data controller from COMPANY_NAME and COMPANY_ADDRESS', async () => {
    const named = await startTestApp({
      env: { COMPANY_NAME: 'Ballast Creator Tools Ltd', COMPANY_ADDRESS: '1 Example Street, London' },
    });
    try {
      expect((await (await named.request('/api/config')).json()).company).toEqual({
        name: 'Ballast Creator Tools Ltd',
        address: '1 Example Street, London',
      });
    } finally {
      await named.close();
    }
  });

  it('offer no sign-in link when only EmailJS can send email', async () => {
    const emailJsOnly = await startTestApp({
      env: { EMAILJS_SERVICE_ID: 'service', EMAILJS_TEMPLATE_ID: 'template', EMAILJS_PUBLIC_KEY: 'public' },
    });
    try {
      expect((await (await emailJsOnly.request('/api/config')).json()).signIn.magicLink).toBe(false);
    } finally {
      await emailJsOnly.close();
    }
  });
});
