import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { freePort } from '../../../tests/support/free-port';
import { type StubServer, startStubServer } from '../../../tests/support/http-stub';
import { captureLog } from '../../../tests/support/log';
import { waitForDeliveryToSettle } from '../../../tests/support/outbox';
import { waitUntil } from '../../../tests/support/wait';
import { enqueueOutbound } from '../../jobs/outbox';
import { findOutboxMessage } from '../../jobs/outbox-store';
import type { OutboundMessage } from '../outbound-message';
import { createCrmClient } from './client';

const KEY = 'crm-test-key-123';
let crm: StubServer;
/** Answers for the next calls, then 200. */
let failures: { status: number; statusText?: string }[] = [];
let t: TestApp;

beforeAll(async () => {
  crm = await startStubServer(() => {
    const failure = failures.shift();
    return failure
      ? { status: failure.status, body: '{"error":"down"}' }
      : { status: 201, body: '{"success":true}', headers: { 'content-type': 'application/json' } };
  });
  t = await startTestApp({
    env: { CRM_API_URL: `${crm.url}/`, CRM_API_KEY: KEY },
    queueSettings: { 'outbox-delivery': { retryLimit: 4, retryDelay: 1, retryBackoff: false } },
    delivery: { crmTimeoutMs: 300 },
  });
});

afterAll(async () => {
  await t?.close();
  await crm?.close();
});

afterEach(() => {
  failures = [];
});

function enqueue(app: TestApp, messages: OutboundMessage[]) {
  return app.database.db.transaction((tx) => enqueueOutbound(app.jobs, tx, messages));
}

async function waitForStatus(app: TestApp, id: string, status: string, timeoutMs = 15_000) {
  await waitUntil(
    async () => (await findOutboxMessage(app.database.db, id))?.status === status,
    timeoutMs,
    status,
  );
  return (await findOutboxMessage(app.database.db, id))!;
}

const callsFor = (id: string) => crm.requests.filter((request) => request.headers['idempotency-key'] === id);

describe('copies to the external data service', () => {
  it('posts each copy with the bearer key, the outbox id as Idempotency-Key and the source for its path', async () => {
    const ids = await enqueue(t, [
      { channel: 'crm', path: '/api/v1/waitlist', body: { email: 'maya@creator.test' } },
      {
        channel: 'crm',
        path: '/api/v1/contacts',
        body: { name: 'Sam', email: 'sam@creator.test', message: 'Hi' },
      },
      { channel: 'crm', path: '/api/v1/users', body: { email: 'new@creator.test', firstName: 'New' } },
    ]);
    for (const id of ids) await waitForStatus(t, id, 'delivered');
    const [waitlist, contact, user] = ids.map((id) => callsFor(id));
    expect(waitlist).toHaveLength(1);
    expect(waitlist![0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/waitlist',
      headers: expect.objectContaining({
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
      }),
      json: { email: 'maya@creator.test', source: 'waitlist' },
    });
    expect(contact![0]).toMatchObject({
      url: '/api/v1/contacts',
      json: { name: 'Sam', email: 'sam@creator.test', message: 'Hi', source: 'contact_form' },
    });
    expect(user![0]).toMatchObject({
      url: '/api/v1/users',
      json: { email: 'new@creator.test', firstName: 'New', source: 'registration' },
    });
    expect(await findOutboxMessage(t.database.db, ids[0]!)).toMatchObject({
      deliveredVia: 'crm',
      attempts: 1,
    });
  });

  it('keeps retrying while the service is down and delivers exactly once when it is back', async () => {
    failures = [{ status: 503 }, { status: 503 }, { status: 500 }];
    const [id] = await enqueue(t, [
      { channel: 'crm', path: '/api/v1/waitlist', body: { email: 'patient@creator.test' } },
    ]);
    const row = await waitForStatus(t, id!, 'delivered');
    expect(row.attempts).toBe(4);
    expect(row.lastError).toBe('HTTP_ERROR: HTTP 500: Internal Server Error');
    // Once no job for the copy is waiting, retrying or running, every call it will ever make was made.
    await waitForDeliveryToSettle(t.database.pool, id!);
    const calls = callsFor(id!);
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((call) => call.headers['idempotency-key']))).toEqual(new Set([id]));
  });

  it('records a slow answer as TIMEOUT_ERROR and tries again', async () => {
    const slow = await startStubServer(() => ({ status: 200, delayMs: 2000 }));
    const app = await startTestApp({
      env: { CRM_API_URL: slow.url },
      queueSettings: { 'outbox-delivery': { retryLimit: 1, retryDelay: 0, retryBackoff: false } },
      delivery: { crmTimeoutMs: 200 },
    });
    try {
      const [id] = await enqueue(app, [
        { channel: 'crm', path: '/api/v1/users', body: { email: 'slow@creator.test' } },
      ]);
      const row = await waitForStatus(app, id!, 'failed');
      expect(row.attempts).toBe(2);
      expect(row.lastError).toBe('TIMEOUT_ERROR: No answer within 0.2 s');
    } finally {
      await app.close();
      await slow.close();
    }
  });
});

describe('the client', () => {
  it('maps errors to the contract: HTTP status, TIMEOUT_ERROR, NETWORK_ERROR', async () => {
    const stub = await startStubServer((_request, index) =>
      index === 0 ? { status: 502, body: 'bad gateway' } : { status: 200, delayMs: 1000 },
    );
    try {
      const client = createCrmClient({ url: stub.url, apiKey: KEY, timeoutMs: 100 });
      expect(await client.send('/api/v1/waitlist', { email: 'a@b.co' }, { idempotencyKey: 'k1' })).toEqual({
        success: false,
        error: { code: 'HTTP_ERROR', message: 'HTTP 502: Bad Gateway' },
      });
      expect(await client.send('/api/v1/waitlist', { email: 'a@b.co' }, { idempotencyKey: 'k2' })).toEqual({
        success: false,
        error: { code: 'TIMEOUT_ERROR', message: 'No answer within 0.1 s' },
      });
    } finally {
      await stub.close();
    }
    const closed = createCrmClient({ url: `http://127.0.0.1:${await freePort()}`, timeoutMs: 1000 });
    expect(await closed.send('/api/v1/waitlist', { email: 'a@b.co' }, { idempotencyKey: 'k3' })).toEqual({
      success: false,
      error: { code: 'NETWORK_ERROR', message: 'Failed to connect to API (ECONNREFUSED)' },
    });
  });

  it('answers a success flag', async () => {
    const stub = await startStubServer();
    try {
      const client = createCrmClient({ url: stub.url, apiKey: KEY });
      expect(await client.send('/api/v1/contacts', { name: 'n' }, { idempotencyKey: 'k' })).toEqual({
        success: true,
      });
    } finally {
      await stub.close();
    }
  });
});

describe('without CRM_API_URL', () => {
  it('skips the copies and says so once at start-up', async () => {
    const capture = captureLog();
    const app = await startTestApp({ delivery: { log: capture.log } });
    try {
      const startUp = capture.messages().filter((line) => line.startsWith('External data service'));
      expect(startUp).toEqual([
        'External data service: not configured (CRM_API_URL): copies of signups, messages and accounts are skipped',
      ]);
      const [id] = await enqueue(app, [
        { channel: 'crm', path: '/api/v1/waitlist', body: { email: 'x@creator.test' } },
      ]);
      const row = await waitForStatus(app, id!, 'skipped');
      expect(row.note).toBe('The external data service is not configured (CRM_API_URL).');
      expect(row.attempts).toBe(0);
      // Said once, not again for every copy.
      expect(capture.messages().filter((line) => line.includes('external data service'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
