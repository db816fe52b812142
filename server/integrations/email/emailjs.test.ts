import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import {
  type StubAnswer,
  type StubRequest,
  type StubServer,
  startStubServer,
} from '../../../tests/support/http-stub';
import { captureLog } from '../../../tests/support/log';
import { waitUntil } from '../../../tests/support/wait';
import { devMailbox } from '../../db/schema/email';
import { enqueueOutbound } from '../../jobs/outbox';
import { findOutboxMessage } from '../../jobs/outbox-store';
import type { OutboundMessage } from '../outbound-message';

const EMAILJS_ENV = {
  EMAILJS_SERVICE_ID: 'service_ballast',
  EMAILJS_TEMPLATE_ID: 'template_welcome',
  EMAILJS_PUBLIC_KEY: 'public-key',
  EMAILJS_PRIVATE_KEY: 'private-key',
};

let emailJs: StubServer;
/** How the stub answers; reset before each test. */
let answer: (request: StubRequest) => StubAnswer;
let capture: ReturnType<typeof captureLog>;
let t: TestApp;

beforeAll(async () => {
  emailJs = await startStubServer((request) => answer(request));
  capture = captureLog();
  t = await startTestApp({
    env: { ...EMAILJS_ENV, EMAILJS_API_URL: emailJs.url },
    delivery: { log: capture.log },
  });
});

afterAll(async () => {
  await t?.close();
  await emailJs?.close();
});

beforeEach(() => {
  answer = () => ({ status: 200, body: 'OK' });
});

const welcome = (to: string): OutboundMessage => ({
  channel: 'email',
  template: 'waitlist-welcome',
  to,
  position: 51,
  tier: 'lifetime_paid',
  message: "You're #51!",
});

async function send(message: OutboundMessage, app = t) {
  const [id] = await app.database.db.transaction((tx) => enqueueOutbound(app.jobs, tx, [message]));
  return id!;
}

async function waitForRow(
  id: string,
  check: (row: NonNullable<Awaited<ReturnType<typeof findOutboxMessage>>>) => boolean,
) {
  await waitUntil(
    async () => {
      const row = await findOutboxMessage(t.database.db, id);
      return row !== undefined && check(row);
    },
    10_000,
    `outbox ${id}`,
  );
  return (await findOutboxMessage(t.database.db, id))!;
}

const callsTo = (to: string) =>
  emailJs.requests.filter((request) => {
    const params = (request.json as { template_params: Record<string, unknown> }).template_params;
    return params.to_email === to || params.email === to;
  });

describe('the welcome email through EmailJS', () => {
  it('sends the template fields with the keys', async () => {
    const id = await send(welcome('maya@creator.test'));
    const row = await waitForRow(id, (r) => r.status === 'delivered');
    expect(row.deliveredVia).toBe('emailjs');
    const [call] = callsTo('maya@creator.test');
    expect(call).toMatchObject({ method: 'POST', url: '/api/v1.0/email/send' });
    expect(call!.json).toEqual({
      service_id: 'service_ballast',
      template_id: 'template_welcome',
      user_id: 'public-key',
      accessToken: 'private-key',
      template_params: {
        to_email: 'maya@creator.test',
        user_position: 51,
        user_tier: 'lifetime_paid',
        message: "You're #51!",
        to_name: 'maya',
        unsubscribe_url: expect.stringMatching(/\/api\/waitlist\/unsubscribe\?token=/),
      },
    });
  });

  it('retries once with the alternative field names when the first call fails', async () => {
    answer = (request) =>
      'to_email' in (request.json as { template_params: object }).template_params
        ? { status: 422, body: 'The template has no variable to_email' }
        : { status: 200, body: 'OK' };
    const id = await send(welcome('alt@creator.test'));
    const row = await waitForRow(id, (r) => r.status === 'delivered');
    expect(row.attempts).toBe(1);
    const calls = callsTo('alt@creator.test');
    expect(calls).toHaveLength(2);
    expect((calls[1]!.json as { template_params: object }).template_params).toEqual({
      email: 'alt@creator.test',
      position: 51,
      tier: 'lifetime_paid',
      message: "You're #51!",
      unsubscribe_url: expect.any(String),
    });
    expect(capture.lines.find((line) => line.outboxId === id)?.msg).toContain(
      'retrying once with the alternative field names',
    );
  });

  it.each([
    [451, '451 Unavailable For Headless Browser', 'headless-browser'],
    [403, '403 Forbidden', 'forbidden'],
  ])(
    'recognises %i, logs it as such and stops: no retry can fix the settings',
    async (status, label, kind) => {
      answer = () => ({ status, body: 'API calls are disabled for non-browser applications' });
      const to = `refused-${status}@creator.test`;
      const id = await send(welcome(to));
      const row = await waitForRow(id, (r) => r.status === 'failed');
      expect(row.attempts).toBe(1);
      expect(row.lastError).toMatch(new RegExp(`^${label}: API calls are disabled`));
      expect(callsTo(to)).toHaveLength(2);
      const logged = capture.lines.filter((line) => line.outboxId === id && line.kind === kind);
      expect(logged.at(-1)?.msg).toContain(label);
    },
  );

  it('backs off much longer on 429 and does not call again at once', async () => {
    answer = () => ({ status: 429, body: 'Too many requests', headers: { 'retry-after': '600' } });
    const to = 'busy@creator.test';
    const id = await send(welcome(to));
    const row = await waitForRow(id, (r) => r.attempts === 1);
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/^429 Too Many Requests/);
    expect(callsTo(to)).toHaveLength(1);
    // The failure is recorded before the later retry is queued: wait for the queued job.
    const laterRetry = () =>
      t.database.pool.query<{ seconds: number; retry_limit: number }>(
        `SELECT extract(epoch FROM start_after - now())::int AS seconds, retry_limit FROM pgboss.job
         WHERE name = 'outbox-delivery' AND data->>'outboxId' = $1 AND state = 'created'`,
        [id],
      );
    await waitUntil(async () => (await laterRetry()).rows.length > 0, 10_000, 'the later retry');
    const { rows } = await laterRetry();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.seconds).toBeGreaterThan(590);
    expect(rows[0]!.retry_limit).toBe(7);
    const logged = capture.lines.find((line) => line.outboxId === id && line.kind === 'rate-limited');
    expect(logged?.msg).toContain('next try in 600 s');
  });

  it('leaves other emails in the development mailbox, saying why, when only EmailJS is configured', async () => {
    expect(capture.messages()).toContainEqual(
      expect.stringMatching(/^Email: EmailJS sends the waitlist welcome/),
    );
    const id = await send({
      channel: 'email',
      template: 'magic-link',
      to: 'link@creator.test',
      url: 'http://x.test/l',
    });
    const row = await waitForRow(id, (r) => r.status === 'delivered');
    expect(row.deliveredVia).toBe('dev-mailbox');
    expect(callsTo('link@creator.test')).toHaveLength(0);
    expect(await t.database.db.select().from(devMailbox).where(eq(devMailbox.outboxId, id))).toHaveLength(1);
    const line = capture.lines.find((entry) => entry.outboxId === id);
    expect(line?.msg).toContain('EmailJS carries only the waitlist welcome; set SMTP_URL to send it');
  });
});

describe('EmailJS with settings missing', () => {
  it('refuses every welcome without calling, says which setting is missing, and marks it failed', async () => {
    const log = captureLog();
    const stub = await startStubServer();
    const app = await startTestApp({
      env: {
        EMAILJS_SERVICE_ID: 'service_ballast',
        EMAILJS_PUBLIC_KEY: 'public-key',
        EMAILJS_API_URL: stub.url,
      },
      delivery: { log: log.log },
    });
    try {
      expect(log.messages()).toContainEqual(
        'Email: EmailJS will refuse every message: The template ID is required (EMAILJS_TEMPLATE_ID)',
      );
      const id = await send(welcome('nobody@creator.test'), app);
      await waitUntil(
        async () => (await findOutboxMessage(app.database.db, id))?.status === 'failed',
        10_000,
        'failed',
      );
      const row = await findOutboxMessage(app.database.db, id);
      expect(row?.lastError).toBe(
        'EmailJS is not fully configured: The template ID is required (EMAILJS_TEMPLATE_ID)',
      );
      expect(stub.requests).toHaveLength(0);
      expect(log.lines.find((line) => line.outboxId === id)?.kind).toBe('missing-settings');
    } finally {
      await app.close();
      await stub.close();
    }
  });
});
