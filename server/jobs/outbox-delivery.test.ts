import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { captureLog } from '../../tests/support/log';
import { waitForDeliveryToSettle } from '../../tests/support/outbox';
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp';
import { waitUntil } from '../../tests/support/wait';
import { devMailbox } from '../db/schema/email';
import { outboxMessages } from '../db/schema/outbox';
import type { OutboundMessage } from '../integrations/outbound-message';
import { enqueueOutbound } from './outbox';
import { retryFailedOutboxMessages } from './outbox-retry';
import { findOutboxMessage } from './outbox-store';
import { suppressEmail } from './suppression-store';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    env: {
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'Ballast <hello@ballast.test>',
      SUPPORT_EMAIL: 'support@ballast.test',
    },
    // Two quick retries, so giving up takes a second rather than an hour.
    queueSettings: { 'outbox-delivery': { retryLimit: 2, retryDelay: 0, retryBackoff: false } },
    delivery: {},
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function enqueue(app: TestApp, messages: OutboundMessage[]) {
  return app.database.db.transaction((tx) => enqueueOutbound(app.jobs, tx, messages));
}

async function waitForStatus(app: TestApp, id: string, status: string) {
  await waitUntil(
    async () => (await findOutboxMessage(app.database.db, id))?.status === status,
    15_000,
    `${id} ${status}`,
  );
  return (await findOutboxMessage(app.database.db, id))!;
}

const host = () => new URL(t.baseUrl).hostname;

describe('email over SMTP', () => {
  it('delivers every template with its subject, addresses, Message-ID and both parts', async () => {
    const before = smtp.received.length;
    const ids = await enqueue(t, [
      {
        channel: 'email',
        template: 'waitlist-welcome',
        to: 'maya@creator.test',
        position: 7,
        tier: 'free',
        message: "Welcome aboard! You're #7.",
      },
      { channel: 'email', template: 'magic-link', to: 'maya@creator.test', url: 'http://x.test/verify?t=1' },
      { channel: 'email', template: 'contact-acknowledgement', to: 'sam@creator.test' },
      {
        channel: 'email',
        template: 'contact-notification',
        to: 'support@ballast.test',
        name: 'Sam',
        email: 'sam@creator.test',
        message: 'Hello <b>there</b>',
      },
    ]);
    const mails = (await smtp.waitForMail(before + 4)).slice(before);
    const byId = (id: string) => mails.find((mail) => mail.parsed.messageId === `<${id}@${host()}>`)!;

    const welcome = byId(ids[0]!);
    expect(welcome.parsed.subject).toBe("FREE ACCESS SECURED! You're #7 on the Ballast waitlist");
    expect(welcome.parsed.from?.text).toBe('"Ballast" <hello@ballast.test>');
    expect(welcome.recipients).toEqual(['maya@creator.test']);
    expect(welcome.parsed.text).toContain("Welcome aboard! You're #7.");
    expect(welcome.parsed.text).toContain('Position: #7');
    expect(welcome.parsed.html).toContain('FREE ACCESS SECURED!');
    const listUnsubscribe = welcome.header('list-unsubscribe') ?? '';
    expect(listUnsubscribe).toMatch(new RegExp(`^<${t.baseUrl}/api/waitlist/unsubscribe\\?token=[\\w.-]+>$`));
    expect(welcome.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(welcome.parsed.text).toContain(listUnsubscribe.slice(1, -1));

    const magic = byId(ids[1]!);
    expect(magic.parsed.subject).toBe('Your Ballast sign-in link');
    expect(magic.parsed.text).toContain('http://x.test/verify?t=1');
    expect(magic.header('list-unsubscribe')).toBeUndefined();

    const acknowledgement = byId(ids[2]!);
    expect(acknowledgement.recipients).toEqual(['sam@creator.test']);
    expect(acknowledgement.parsed.subject).toBe('We got your message');
    expect(acknowledgement.parsed.replyTo?.text).toBe('support@ballast.test');

    const notification = byId(ids[3]!);
    expect(notification.recipients).toEqual(['support@ballast.test']);
    expect(notification.parsed.subject).toBe('New contact message from Sam');
    expect(notification.parsed.replyTo?.text).toBe('sam@creator.test');
    expect(notification.parsed.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(notification.parsed.text).toContain('Hello <b>there</b>');

    for (const id of ids) {
      expect(await waitForStatus(t, id, 'delivered')).toMatchObject({ deliveredVia: 'smtp', attempts: 1 });
    }
  });

  it('tells the tiers apart in the welcome email, with the £5 payment link for lifetime spots', async () => {
    const before = smtp.received.length;
    await enqueue(t, [
      {
        channel: 'email',
        template: 'waitlist-welcome',
        to: 'a@tiers.test',
        position: 51,
        tier: 'lifetime_paid',
        message: 'm',
      },
      {
        channel: 'email',
        template: 'waitlist-welcome',
        to: 'b@tiers.test',
        position: 900,
        tier: 'waitlist',
        message: 'm',
      },
    ]);
    const mails = (await smtp.waitForMail(before + 2)).slice(before);
    const lifetime = mails.find((mail) => mail.recipients[0] === 'a@tiers.test')!;
    expect(lifetime.parsed.subject).toBe("LIFETIME ACCESS LOCKED! You're #51 on the Ballast waitlist");
    expect(lifetime.parsed.text).toContain('Your £5 payment link follows by email.');
    const waitlist = mails.find((mail) => mail.recipients[0] === 'b@tiers.test')!;
    expect(waitlist.parsed.subject).toBe("WAITLIST CONFIRMED! You're #900 on the Ballast waitlist");
    expect(waitlist.parsed.text).not.toContain('£5');
  });

  it('retries a refused email and delivers it once the server takes it', async () => {
    const before = smtp.received.length;
    smtp.refuseNext(2);
    const [id] = await enqueue(t, [
      { channel: 'email', template: 'magic-link', to: 'retry@creator.test', url: 'http://x.test/a' },
    ]);
    const row = await waitForStatus(t, id!, 'delivered');
    expect(row.attempts).toBe(3);
    expect(row.lastError).toMatch(/451/);
    await waitForDeliveryToSettle(t.database.pool, id!);
    expect(smtp.received.slice(before).filter((mail) => mail.parsed.messageId?.includes(id!))).toHaveLength(
      1,
    );
  });

  it('marks a message failed when the retries run out, and the operator retry delivers it', async () => {
    const before = smtp.received.length;
    smtp.refuseNext(3);
    const [id] = await enqueue(t, [
      { channel: 'email', template: 'magic-link', to: 'gave-up@creator.test', url: 'http://x.test/b' },
    ]);
    const failed = await waitForStatus(t, id!, 'failed');
    expect(failed.attempts).toBe(3);
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(smtp.received.length).toBe(before);

    expect(await retryFailedOutboxMessages(t.jobs, t.database.db, [id!])).toEqual([id]);
    const delivered = await waitForStatus(t, id!, 'delivered');
    expect(delivered.attempts).toBe(4);
    expect(smtp.received.slice(before).map((mail) => mail.recipients[0])).toEqual(['gave-up@creator.test']);
    // Nothing left to retry.
    expect(await retryFailedOutboxMessages(t.jobs, t.database.db, [id!])).toEqual([]);
  });

  it('does not send a message twice when its job runs again', async () => {
    const before = smtp.received.length;
    const [id] = await enqueue(t, [
      { channel: 'email', template: 'magic-link', to: 'twice@creator.test', url: 'http://x.test/c' },
    ]);
    await waitForStatus(t, id!, 'delivered');
    // A second job for the same row, as after a crash between sending and recording it.
    await t.jobs.send('outbox-delivery', { outboxId: id });
    await waitForDeliveryToSettle(t.database.pool, id!);
    expect(smtp.received.slice(before)).toHaveLength(1);
  });
});

describe('a batch', () => {
  it('marks each message on its own: sent, refused and retried, unsubscribed, not configured, erased', async () => {
    const before = smtp.received.length;
    await suppressEmail(t.database.db, 'gone@batch.test', 'unsubscribe-link');
    smtp.refuseNext(1);
    // One transaction, so one fetch takes them all.
    const [unsubscribed, copy, deleted, link] = await enqueue(t, [
      {
        channel: 'email',
        template: 'waitlist-welcome',
        // The list holds addresses normalised; a message's may be written otherwise.
        to: 'Gone@Batch.test',
        position: 3,
        tier: 'free',
        message: 'm',
      },
      { channel: 'crm', path: '/api/v1/waitlist', body: { email: 'gone@batch.test' } },
      { channel: 'email', template: 'account-deleted', to: 'erased@batch.test' },
      { channel: 'email', template: 'magic-link', to: 'link@batch.test', url: 'http://x.test/batch' },
    ]);

    expect(await waitForStatus(t, unsubscribed!, 'skipped')).toMatchObject({
      note: 'The address unsubscribed from waitlist emails.',
      attempts: 0,
    });
    expect(await waitForStatus(t, copy!, 'skipped')).toMatchObject({
      note: 'The external data service is not configured (CRM_API_URL).',
    });
    const sent = [await waitForStatus(t, deleted!, 'delivered'), await waitForStatus(t, link!, 'delivered')];
    expect(sent.every((row) => row.deliveredVia === 'smtp')).toBe(true);
    // The server refused whichever came first; the other was sent at the first attempt all the same.
    expect(sent.map((row) => row.attempts).sort()).toEqual([1, 2]);
    expect(sent.find((row) => row.attempts === 2)?.lastError).toMatch(/451/);
    expect(sent.find((row) => row.attempts === 1)?.lastError).toBeNull();
    // The deletion notice keeps no address once sent.
    expect(sent[0]!.payload).toEqual({ channel: 'email', template: 'account-deleted', to: '[erased]' });
    await waitForDeliveryToSettle(t.database.pool, link!);
    expect(
      smtp.received
        .slice(before)
        .map((mail) => mail.recipients[0])
        .sort(),
    ).toEqual(['erased@batch.test', 'link@batch.test']);
  });
});

describe('the development mailbox', () => {
  it('stores each email and logs one line when no transport is configured', async () => {
    const capture = captureLog();
    const app = await startTestApp({ delivery: { log: capture.log } });
    try {
      expect(
        capture.messages().filter((line) => line.startsWith('Email: no transport configured')),
      ).toHaveLength(1);
      const [id] = await enqueue(app, [
        { channel: 'email', template: 'magic-link', to: 'dev@creator.test', url: 'http://x.test/dev' },
      ]);
      const row = await waitForStatus(app, id!, 'delivered');
      expect(row.deliveredVia).toBe('dev-mailbox');
      const [stored] = await app.database.db.select().from(devMailbox).where(eq(devMailbox.outboxId, id!));
      expect(stored).toMatchObject({ to: 'dev@creator.test', subject: 'Your Ballast sign-in link' });
      expect(stored!.text).toContain('http://x.test/dev');
      expect(stored!.headers['Message-ID']).toBe(`<${id}@127.0.0.1>`);
      // Emails delivered together are stored together, each as its own message.
      const together = await enqueue(
        app,
        ['a', 'b', 'c'].map((name) => ({
          channel: 'email' as const,
          template: 'magic-link' as const,
          to: `${name}@together.test`,
          url: `http://x.test/${name}`,
        })),
      );
      for (const [index, outboxId] of together.entries()) {
        await waitForStatus(app, outboxId, 'delivered');
        const [mail] = await app.database.db
          .select()
          .from(devMailbox)
          .where(eq(devMailbox.outboxId, outboxId));
        expect(mail!.to).toBe(`${'abc'[index]}@together.test`);
        expect(mail!.text).toContain(`http://x.test/${'abc'[index]}`);
      }
      const lines = capture.lines.filter((line) => line.outboxId === id);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.msg).toContain('stored in the development mailbox');
      expect(lines[0]!.msg).not.toContain('http://x.test/dev');
      // Nor the recipient: addresses are personal data, kept out of info lines.
      expect(JSON.stringify(capture.lines)).not.toContain('dev@creator.test');
    } finally {
      await app.close();
    }
  });
});

describe('rows', () => {
  it('keeps what an operator needs to see', async () => {
    const rows = await t.database.db.select().from(outboxMessages);
    expect(rows.every((row) => row.status !== 'pending')).toBe(true);
  });
});
