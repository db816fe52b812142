import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { linkAfter, startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import { signUp } from '../../../tests/support/waitlist';
import { createUnsubscribeToken } from '../../integrations/email/unsubscribe-token';
import { createRemovalToken } from './removal-token';

/**
 * Giving up a waitlist place (issue 34, decision 040). The unsubscribe token is in every waitlist email's
 * headers and never expires: it stops emails and nothing more. Only a link emailed to the place's
 * address when its owner asks, single-use and expiring, deletes the place (and a lifetime plan with it).
 */

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

const form = { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' };
const press = (path: string) =>
  fetch(`${t.baseUrl}${path}`, { method: 'POST', headers: form, body: 'confirm=yes' });
const unsubscribeToken = (email: string) => createUnsubscribeToken(t.config.sessionSecret, email);

async function placeOf(email: string) {
  const { rows } = await t.database.pool.query<{ id: string; position: number }>(
    'SELECT id, position FROM waitlist_signups WHERE email = $1',
    [email],
  );
  return rows[0] ?? null;
}

async function join(email: string) {
  const response = await signUp(t, { email });
  expect(response.status).toBe(200);
  return (await placeOf(email))!;
}

async function removalEmailsTo(email: string) {
  const { rows } = await t.database.pool.query(
    `SELECT 1 FROM outbox_messages WHERE payload->>'to' = $1 AND payload->>'template' = 'waitlist-removal'`,
    [email],
  );
  return rows.length;
}

describe('the unsubscribe link and leaving the waitlist', () => {
  it('cannot remove a place with the unsubscribe token: the place, and its lifetime plan, stay', async () => {
    const email = 'kept@remove.test';
    const place = await join(email);
    const token = unsubscribeToken(email);

    const refused = await press(`/api/waitlist/remove?token=${token}`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This removal link doesn&#39;t work');
    const opened = await fetch(`${t.baseUrl}/api/waitlist/remove?token=${token}`);
    expect(opened.status).toBe(400);
    expect(await placeOf(email)).toEqual(place);

    // One-click unsubscribe (RFC 8058) still works, and only unsubscribes.
    const oneClick = await fetch(`${t.baseUrl}/api/waitlist/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Your waitlist place is still yours.');
    expect(await placeOf(email)).toEqual(place);
  });

  it('asks first, emails a link even to an unsubscribed address, and only that link removes the place, once', async () => {
    const emails = ['before@remove.test', 'leaving@remove.test', 'after@remove.test'];
    const places = new Map<string, { id: string; position: number }>();
    for (const email of emails) places.set(email, await join(email));
    const email = 'leaving@remove.test';
    const token = unsubscribeToken(email);
    await press(`/api/waitlist/unsubscribe?token=${token}`);

    const unsubscribePage = await (
      await fetch(`${t.baseUrl}/api/waitlist/unsubscribe?token=${token}`)
    ).text();
    expect(unsubscribePage).toContain('We will email this address a link to confirm it.');
    expect(unsubscribePage).toContain(`action="/api/waitlist/removal-request?token=${token}"`);

    const asked = await press(`/api/waitlist/removal-request?token=${token}`);
    expect(asked.status).toBe(200);
    const askedPage = await asked.text();
    expect(askedPage).toContain('Check your inbox');
    expect(askedPage).toContain(`We emailed ${email} a link to confirm`);
    expect(await placeOf(email)).toEqual(places.get(email));
    // Pressed again at once: no second email, the first link is the one to use.
    expect(await (await press(`/api/waitlist/removal-request?token=${token}`)).text()).toContain(
      'a moment ago',
    );
    expect(await removalEmailsTo(email)).toBe(1);

    const mail = await smtp.waitForMailTo(email, /Confirm: give up waitlist place/);
    expect(mail.parsed.text).toContain('The link works once and expires in 60 minutes.');
    expect(mail.parsed.text).toContain('The Guardian for life');
    const link = linkAfter(mail, 'Open this link to confirm');
    expect(link.startsWith(`${t.baseUrl}/api/waitlist/remove?token=`)).toBe(true);
    expect(link).not.toContain(token);

    // Opening it (as a mail scanner would) says what goes and changes nothing.
    const review = await fetch(link);
    expect(review.status).toBe(200);
    const reviewPage = await review.text();
    const position = places.get(email)!.position;
    expect(reviewPage).toContain(`Give up place #${position}?`);
    // Among the first 50: the place brings The Guardian for life, and says that goes too.
    expect(reviewPage).toContain('The Guardian for life');
    expect(await placeOf(email)).toEqual(places.get(email));

    const removed = await press(new URL(link).pathname + new URL(link).search);
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain(`We deleted place #${position}`);
    expect(await placeOf(email)).toBeNull();
    // Nobody's place is lost: the one before keeps it, the one after moves up into the gap.
    expect(await placeOf('before@remove.test')).toEqual(places.get('before@remove.test'));
    const after = places.get('after@remove.test')!;
    expect(await placeOf('after@remove.test')).toEqual({ ...after, position: after.position - 1 });

    // Single use: the same address joins again (a new place at the end), and the old link finds its
    // place gone and leaves the new one alone.
    const again = await join(email);
    expect(again.position).toBeGreaterThan(after.position - 1);
    const reused = await press(new URL(link).pathname + new URL(link).search);
    expect(await reused.text()).toContain('This place is already gone');
    expect(await placeOf(email)).toEqual(again);
  });

  it('refuses an expired or forged removal link, and keeps the place', async () => {
    const email = 'expired@remove.test';
    const place = await join(email);
    const secret = t.config.sessionSecret;
    const expired = createRemovalToken(secret, place.id, new Date(Date.now() - 1000));
    const response = await press(`/api/waitlist/remove?token=${expired}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This link has expired');

    const later = new Date(Date.now() + 3_600_000);
    const [id, expires, signature] = createRemovalToken(secret, place.id, later).split('.');
    for (const forged of [
      createRemovalToken('x'.repeat(40), place.id, later),
      `${id}.${Number(expires) + 86_400}.${signature}`,
      `${id}.${expires}`,
      'nonsense',
      '',
    ]) {
      const refused = await press(`/api/waitlist/remove?token=${encodeURIComponent(forged)}`);
      expect(refused.status, forged).toBe(400);
    }
    expect(await placeOf(email)).toEqual(place);
  });

  it('answers an unknown address and a broken unsubscribe token when asked to leave', async () => {
    const nobody = await press(
      `/api/waitlist/removal-request?token=${unsubscribeToken('nobody@remove.test')}`,
    );
    expect(nobody.status).toBe(200);
    expect(await nobody.text()).toContain('There is no waitlist place for nobody@remove.test');
    expect(await removalEmailsTo('nobody@remove.test')).toBe(0);
    const broken = await press('/api/waitlist/removal-request?token=abc.def');
    expect(broken.status).toBe(400);
  });
});
