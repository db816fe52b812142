import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { waitForDeliveryToSettle } from '../../tests/support/outbox';
import { waitUntil } from '../../tests/support/wait';
import type { OutboundMessage } from '../integrations/outbound-message';
import { enqueueOutbound } from './outbox';
import { CHANNEL_CONCURRENCY } from './outbox-delivery';
import { findOutboxMessage } from './outbox-store';

/** A CRM standing in for the real one: answers each call after a pause, counting calls in flight. */
let crm: Server;
let inFlight = 0;
let mostInFlight = 0;
const received: string[] = [];
let t: TestApp;

beforeAll(async () => {
  crm = createServer((request, response) => {
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { email: string }).email);
      setTimeout(() => {
        inFlight -= 1;
        response.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true}');
      }, 60);
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    env: { CRM_API_URL: `http://127.0.0.1:${(crm.address() as AddressInfo).port}`, CRM_API_KEY: 'k' },
    queueSettings: { 'outbox-delivery': { retryLimit: 3, retryDelay: 0, retryBackoff: false } },
    delivery: {},
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => crm?.close(resolve));
});

const copyOf = (email: string): OutboundMessage => ({
  channel: 'crm',
  path: '/api/v1/waitlist',
  body: { email },
});

function enqueue(messages: OutboundMessage[]) {
  return t.database.db.transaction((tx) => enqueueOutbound(t.jobs, tx, messages));
}

async function waitForDelivered(ids: string[]) {
  await waitUntil(
    async () =>
      (await Promise.all(ids.map((id) => findOutboxMessage(t.database.db, id)))).every(
        (row) => row?.status === 'delivered',
      ),
    20_000,
    'every message delivered',
  );
  for (const id of ids) await waitForDeliveryToSettle(t.database.pool, id);
}

describe('delivering a batch', () => {
  it('sends a few messages of a channel at a time, never the whole batch at once', async () => {
    mostInFlight = 0;
    // One transaction, so one fetch takes them all.
    const ids = await enqueue(Array.from({ length: 24 }, (_, index) => copyOf(`burst.${index}@crm.test`)));
    await waitForDelivered(ids);
    expect(received.filter((email) => email.startsWith('burst.'))).toHaveLength(24);
    expect(mostInFlight).toBeLessThanOrEqual(CHANNEL_CONCURRENCY.crm);
    expect(mostInFlight).toBeGreaterThan(1);
  });

  it("marks each message as it is sent: one message's failed mark sends only that one again", async () => {
    // The database refuses the first 'delivered' mark of one message (a sequence is not rolled back).
    await t.database.pool.query(`
      CREATE SEQUENCE mark_refusals;
      CREATE FUNCTION refuse_one_mark() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'delivered' AND NEW.payload->'body'->>'email' = 'flaky@crm.test'
           AND nextval('mark_refusals') = 1 THEN
          RAISE EXCEPTION 'mark refused';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_one_mark BEFORE UPDATE ON outbox_messages
        FOR EACH ROW EXECUTE FUNCTION refuse_one_mark();`);
    try {
      const emails = ['steady.1@crm.test', 'flaky@crm.test', 'steady.2@crm.test'];
      const ids = await enqueue(emails.map(copyOf));
      await waitForDelivered(ids);
      const times = (email: string) => received.filter((each) => each === email).length;
      // At least once for the message whose mark failed; exactly once for the others in its batch.
      expect(times('flaky@crm.test')).toBe(2);
      expect(times('steady.1@crm.test')).toBe(1);
      expect(times('steady.2@crm.test')).toBe(1);
    } finally {
      await t.database.pool.query(
        'DROP TRIGGER refuse_one_mark ON outbox_messages; DROP FUNCTION refuse_one_mark(); DROP SEQUENCE mark_refusals;',
      );
    }
  });
});
