import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { startTestSmtpServer } from '../../../tests/support/smtp';
import { RECIPIENT_LIMITS } from '../../jobs/recipient-limits';
import { CONTACT_RATE_LIMIT } from './routes';
import { CONTACT_RECEIVED_MESSAGE } from './service';

let t: TestApp;
let sent = 0;

beforeAll(async () => {
  // Behind a proxy, so each call can come from a visitor of its own and stay under the rate limit.
  t = await startTestApp({ env: { SUPPORT_EMAIL: 'help@ballast.test', TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

function sendMessage(body: unknown, headers: Record<string, string> = {}) {
  sent += 1;
  return t.request('/api/contact', {
    method: 'POST',
    json: body,
    headers: { 'x-forwarded-for': `203.0.113.${sent}`, ...headers },
  });
}

describe('the contact form', () => {
  it('keeps the message and queues the copy, the acknowledgement and the notification with it', async () => {
    const response = await sendMessage({
      name: '  Priya  ',
      email: ' Priya@Ballast.Test ',
      message: 'Does Ballast work for podcasts?',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: CONTACT_RECEIVED_MESSAGE });

    const { rows } = await t.database.pool.query('SELECT name, email, message FROM contact_messages');
    expect(rows).toEqual([
      { name: 'Priya', email: 'priya@ballast.test', message: 'Does Ballast work for podcasts?' },
    ]);

    const { rows: outbox } = await t.database.pool.query<{ payload: unknown }>(
      "SELECT payload FROM outbox_messages ORDER BY created_at, payload->>'template'",
    );
    const contact = {
      name: 'Priya',
      email: 'priya@ballast.test',
      message: 'Does Ballast work for podcasts?',
    };
    expect(outbox.map((row) => row.payload)).toEqual(
      expect.arrayContaining([
        { channel: 'crm', path: '/api/v1/contacts', body: { ...contact, source: 'contact_form' } },
        { channel: 'email', template: 'contact-acknowledgement', to: 'priya@ballast.test' },
        { channel: 'email', template: 'contact-notification', to: 'help@ballast.test', ...contact },
      ]),
    );
    expect(outbox).toHaveLength(3);
  });

  it.each([
    ['no name', { email: 'a@ballast.test', message: 'hi' }, /enter your name/i],
    ['a blank name', { name: '  ', email: 'a@ballast.test', message: 'hi' }, /enter your name/i],
    ['a malformed email', { name: 'A', email: 'a@', message: 'hi' }, /valid email/i],
    ['no message', { name: 'A', email: 'a@ballast.test' }, /enter a message/i],
    [
      'an over-long message',
      { name: 'A', email: 'a@ballast.test', message: 'x'.repeat(10_001) },
      /under 10,000/,
    ],
    ['a name that is not text', { name: 7, email: 'a@ballast.test', message: 'hi' }, /name must be text/i],
  ])('answers %s with 400 and a readable message, storing nothing', async (_what, body, message) => {
    const before = await t.database.pool.query('SELECT count(*)::int AS n FROM contact_messages');
    const response = await sendMessage(body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
    const after = await t.database.pool.query('SELECT count(*)::int AS n FROM contact_messages');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('refuses a message posted from another website', async () => {
    const response = await sendMessage(
      { name: 'A', email: 'a@ballast.test', message: 'hi' },
      { origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});

describe('rate limit', () => {
  it('stops a burst from one address, however it varies X-Forwarded-For when not behind a proxy', async () => {
    const fresh = await startTestApp();
    try {
      const body = { name: 'Sam', email: 'sam@ballast.test', message: 'hello' };
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= CONTACT_RATE_LIMIT.max; attempt++) {
        const response = await fresh.request('/api/contact', {
          method: 'POST',
          json: body,
          headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}` },
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect((await response.json()).message).toBe(CONTACT_RATE_LIMIT.message);
        }
      }
      expect(statuses).toEqual([...Array(CONTACT_RATE_LIMIT.max).fill(200), 429]);
    } finally {
      await fresh.close();
    }
  });
});

describe('acknowledgements per address', () => {
  it('acknowledges one address a few times an hour, however many clients send in its name', async () => {
    const email = 'often.typed@ballast.test';
    const max = RECIPIENT_LIMITS['contact-acknowledgement'];
    for (let message = 0; message < max + 2; message++) {
      const response = await sendMessage({ name: 'Ann', email, message: `Message ${message}` });
      expect(await response.json()).toEqual({ success: true, message: CONTACT_RECEIVED_MESSAGE });
    }
    // Every message is kept and reaches the operators; only the acknowledgements stop.
    const { rows } = await t.database.pool.query<{ template: string; status: string; total: number }>(
      `SELECT payload->>'template' AS template, status, count(*)::int AS total FROM outbox_messages
       WHERE payload->>'to' = $1 OR payload->>'email' = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
      [email],
    );
    expect(rows).toEqual([
      { template: 'contact-acknowledgement', status: 'pending', total: max },
      { template: 'contact-acknowledgement', status: 'skipped', total: 2 },
      { template: 'contact-notification', status: 'pending', total: max + 2 },
    ]);
    const kept = await t.database.pool.query('SELECT 1 FROM contact_messages WHERE email = $1', [email]);
    expect(kept.rows).toHaveLength(max + 2);
  });
});

describe('the emails it sends', () => {
  it('acknowledges without a word the sender typed, and gives the operators everything', async () => {
    const smtp = await startTestSmtpServer();
    const app = await startTestApp({
      env: {
        SMTP_URL: smtp.url,
        EMAIL_FROM: 'Ballast <hello@ballast.test>',
        SUPPORT_EMAIL: 'help@ballast.test',
      },
      delivery: {},
    });
    try {
      // What a spammer would type to have us mail their pitch to someone else.
      const spam = {
        name: 'Claim your prize at https://spam.example/win',
        email: 'victim@elsewhere.test',
        message: 'Cheap pills at https://spam.example/pills — reply now!',
      };
      const response = await app.request('/api/contact', { method: 'POST', json: spam });
      expect(response.status).toBe(200);
      const mails = await smtp.waitForMail(2);
      const acknowledgement = mails.find((mail) => mail.recipients.includes('victim@elsewhere.test'))!;
      const notification = mails.find((mail) => mail.recipients.includes('help@ballast.test'))!;

      expect(acknowledgement.parsed.subject).toBe('We got your message');
      const shown = [
        acknowledgement.parsed.subject,
        acknowledgement.parsed.text,
        acknowledgement.parsed.html,
      ].join('\n');
      for (const typed of ['spam.example', 'prize', 'pills', 'Claim']) {
        expect(shown).not.toContain(typed);
        expect(acknowledgement.raw).not.toContain(typed);
      }
      expect(notification.parsed.text).toContain(spam.message);
      expect(notification.parsed.text).toContain(spam.name);
      expect(notification.parsed.replyTo?.text).toBe('victim@elsewhere.test');
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
