import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import { waitUntil } from '../../../tests/support/wait';
import { emailSuppressions } from '../../db/schema/email';
import { createUnsubscribeToken } from '../../integrations/email/unsubscribe-token';
import type { OutboundMessage } from '../../integrations/outbound-message';
import { enqueueOutbound } from '../../jobs/outbox';
import { findOutboxMessage } from '../../jobs/outbox-store';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true' }, delivery: {} });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const welcome = (to: string): OutboundMessage => ({
  channel: 'email',
  template: 'waitlist-welcome',
  to,
  position: 3,
  tier: 'free',
  message: 'Welcome!',
});

async function deliveredWelcomeLink(to: string): Promise<string> {
  const before = smtp.received.length;
  await t.database.db.transaction((tx) => enqueueOutbound(t.jobs, tx, [welcome(to)]));
  const [mail] = (await smtp.waitForMail(before + 1)).slice(before);
  return mail!.header('list-unsubscribe')!.slice(1, -1);
}

async function suppressedReasons(email: string) {
  const rows = await t.database.db.select().from(emailSuppressions);
  return rows.filter((row) => row.email === email).map((row) => row.reason);
}

describe('GET /api/waitlist/unsubscribe', () => {
  it('opening the link asks first and changes nothing; the page’s button unsubscribes, once', async () => {
    const link = await deliveredWelcomeLink('leaving@creator.test');
    expect(link.startsWith(t.baseUrl)).toBe(true);

    // A link scanner or a preview opening it, any number of times.
    for (let opened = 0; opened < 3; opened++) {
      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await page.text();
      expect(html).toContain('Unsubscribe from waitlist emails?');
      expect(html).toContain('leaving@creator.test');
      expect(html).toMatch(/<form method="post" action="\/api\/waitlist\/unsubscribe\?token=[^"]+"/);
    }
    expect(await suppressedReasons('leaving@creator.test')).toEqual([]);

    // The button: a form POST from our page, which browsers send with `Origin: null` (no-referrer policy).
    const action = new URL(link).search;
    const pressed = await fetch(`${t.baseUrl}/api/waitlist/unsubscribe${action}`, {
      method: 'POST',
      headers: { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'confirm=yes',
    });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('You&#39;re unsubscribed');
    expect(await suppressedReasons('leaving@creator.test')).toEqual(['unsubscribe-link']);

    const again = await fetch(link);
    expect(await again.text()).toContain('You&#39;re already unsubscribed');
    expect(await suppressedReasons('leaving@creator.test')).toEqual(['unsubscribe-link']);
  });

  it('stops later waitlist emails to that address but not sign-in links', async () => {
    await fetch(
      `${t.baseUrl}/api/waitlist/unsubscribe?token=${createUnsubscribeToken(t.config.sessionSecret, 'Quiet@Creator.test ')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    const before = smtp.received.length;
    const [skipped, signIn] = await t.database.db.transaction((tx) =>
      enqueueOutbound(t.jobs, tx, [
        welcome('quiet@creator.test'),
        { channel: 'email', template: 'magic-link', to: 'quiet@creator.test', url: 'http://x.test/in' },
      ]),
    );
    await waitUntil(
      async () => (await findOutboxMessage(t.database.db, skipped!))?.status === 'skipped',
      10_000,
      'the welcome to be skipped',
    );
    expect((await findOutboxMessage(t.database.db, skipped!))?.note).toBe(
      'The address unsubscribed from waitlist emails.',
    );
    // 'skipped' is final: the welcome will never be sent, so the sign-in link is the only mail.
    const mails = await smtp.waitForMail(before + 1);
    await waitUntil(
      async () => (await findOutboxMessage(t.database.db, signIn!))?.status === 'delivered',
      10_000,
      'the sign-in link to be delivered',
    );
    expect(mails.slice(before).map((mail) => mail.parsed.messageId)).toEqual([`<${signIn}@127.0.0.1>`]);
  });

  it('refuses a forged or damaged token with a 400 page', async () => {
    const real = createUnsubscribeToken(t.config.sessionSecret, 'victim@creator.test');
    const forgedWithOtherSecret = createUnsubscribeToken('x'.repeat(40), 'victim@creator.test');
    const [address, signature] = real.split('.');
    const otherAddress = `${Buffer.from('someone@else.test').toString('base64url')}.${signature}`;
    for (const token of [
      forgedWithOtherSecret,
      otherAddress,
      `${address}.`,
      real.slice(0, -3),
      'nonsense',
      '',
    ]) {
      const response = await fetch(
        `${t.baseUrl}/api/waitlist/unsubscribe?token=${encodeURIComponent(token)}`,
      );
      expect(response.status, token).toBe(400);
      expect(await response.text()).toContain('This unsubscribe link doesn&#39;t work');
      const posted = await fetch(`${t.baseUrl}/api/waitlist/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(posted.status, token).toBe(400);
    }
    const missing = await fetch(`${t.baseUrl}/api/waitlist/unsubscribe`);
    expect(missing.status).toBe(400);
    expect(await t.database.db.select().from(emailSuppressions)).not.toContainEqual(
      expect.objectContaining({ email: 'victim@creator.test' }),
    );
  });
});

describe('POST /api/waitlist/unsubscribe (one-click)', () => {
  it('accepts the mail provider’s form-encoded one-click request', async () => {
    const token = createUnsubscribeToken(t.config.sessionSecret, 'oneclick@creator.test');
    const response = await fetch(`${t.baseUrl}/api/waitlist/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await suppressedReasons('oneclick@creator.test')).toEqual(['one-click']);

    const forged = await fetch(`${t.baseUrl}/api/waitlist/unsubscribe?token=abc.def`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(forged.status).toBe(400);
  });
});

describe('the £5 place’s payment link', () => {
  it('stops the £5 place’s payment-link email too once the address unsubscribes', async () => {
    await fetch(
      `${t.baseUrl}/api/waitlist/unsubscribe?token=${createUnsubscribeToken(t.config.sessionSecret, 'paylink@remove.test')}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'confirm=yes',
      },
    );
    const [id] = await t.database.db.transaction((tx) =>
      enqueueOutbound(t.jobs, tx, [
        {
          channel: 'email',
          template: 'lifetime-place-payment',
          to: 'paylink@remove.test',
          position: 60,
          url: 'http://x.test/pay',
        },
      ]),
    );
    await waitUntil(
      async () => (await findOutboxMessage(t.database.db, id!))?.status === 'skipped',
      10_000,
      'the payment link to be skipped',
    );
  });
});
