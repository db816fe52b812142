import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { stoppedClockAt } from '../../../tests/support/clock';
import { confirmPlace, nextVisitorAddress, seedSignupsUpTo, signUp } from '../../../tests/support/waitlist';
import { lapseHeldPlaces } from './confirm-service';
import { findSignupPage } from './listing-store';
import { placeLink } from './referral-link';

// A kept place's referral link moves it up 10 places for each friend who joins through it and confirms,
// among the places after the first 550; aliases, disposable addresses and bursts count for nothing
// (decision 064).
const clock = stoppedClockAt('2026-12-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: clock } });
  await seedSignupsUpTo(t.database.pool, 600);
});

afterAll(async () => {
  await t?.close();
});

async function placeUrlOf(email: string): Promise<string> {
  const { rows } = await t.database.pool.query<{ url: string }>(
    `SELECT payload->>'placeUrl' AS url FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-welcome' AND payload->>'to' = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  return rows[0]!.url;
}

const pageOf = async (url: string) => (await fetch(url.replace(t.config.publicUrl, t.baseUrl))).text();

/** The referral link on a kept place's page. */
async function referralLinkOf(email: string): Promise<string> {
  const page = await pageOf(await placeUrlOf(email));
  const link = page.match(/id="share-link" readonly value="([^"]+)"/)?.[1];
  if (!link) throw new Error(`no referral link on ${email}'s page`);
  return link;
}

/** Opens a referral link as a visitor's browser does, and answers the cookie it was given. */
async function followReferral(link: string): Promise<string> {
  const response = await fetch(link.replace(t.config.publicUrl, t.baseUrl), { redirect: 'manual' });
  expect(response.status).toBe(302);
  expect(response.headers.get('location')).toBe('/');
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function joinThrough(link: string, email: string, ip = nextVisitorAddress()) {
  const cookie = await followReferral(link);
  const response = await signUp(t, { email }, { 'x-forwarded-for': ip, cookie });
  expect(response.status).toBe(200);
  await confirmPlace(t, email);
}

const positionOf = async (email: string) =>
  (
    await t.database.pool.query<{ position: number | null }>(
      'SELECT position FROM waitlist_signups WHERE email = $1',
      [email],
    )
  ).rows[0]?.position ?? null;

async function referralOf(email: string) {
  const { rows } = await t.database.pool.query(
    `SELECT referral_status AS status, referral_void_reason AS reason FROM waitlist_signups WHERE email = $1`,
    [email],
  );
  return rows[0];
}

async function expectGapFree() {
  const { rows } = await t.database.pool.query<{
    positions: number;
    last: number;
    free: number;
    paid: number;
  }>(
    `SELECT count(*)::int AS positions, max(position) AS last,
       count(*) FILTER (WHERE tier = 'free')::int AS free,
       count(*) FILTER (WHERE tier = 'lifetime_paid')::int AS paid
     FROM waitlist_signups WHERE position IS NOT NULL`,
  );
  expect(rows[0]!.positions).toBe(rows[0]!.last);
  expect([rows[0]!.free, rows[0]!.paid]).toEqual([50, 500]);
}

describe('a referral link', () => {
  it('is given to a kept place only, on its own page, and never names the address', async () => {
    const email = 'maker.page@referrals.test';
    await signUp(t, { email });
    const held = await pageOf(await placeUrlOf(email));
    expect(held).toContain('is held for you');
    expect(held).toContain('Keep my place');
    expect(held).not.toContain('share-link');

    await confirmPlace(t, email);
    const kept = await pageOf(await placeUrlOf(email));
    expect(kept).toContain(`Place #${await positionOf(email)}`);
    expect(kept).toContain('0 referrals have counted so far.');
    expect(kept).toContain('Share my link');
    const link = await referralLinkOf(email);
    expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{16}$/);
    expect(link).not.toContain('maker');
  });

  it('moves its referrer up 10 places for each friend who confirms, and those passed down one', async () => {
    const referrer = 'maker.one@referrals.test';
    await signUp(t, { email: referrer });
    await confirmPlace(t, referrer);
    const start = (await positionOf(referrer))!;
    const justAbove = 'seeded-595@ballast.test';
    const link = await referralLinkOf(referrer);

    await joinThrough(link, 'friend.one@elsewhere.test');
    expect(await referralOf('friend.one@elsewhere.test')).toEqual({ status: 'counted', reason: null });
    expect(await positionOf(referrer)).toBe(start - 10);
    expect(await positionOf(justAbove)).toBe(596);
    await expectGapFree();

    // A friend who only holds a place moves nobody until they confirm.
    const cookie = await followReferral(link);
    await signUp(
      t,
      { email: 'friend.two@elsewhere.test' },
      { 'x-forwarded-for': nextVisitorAddress(), cookie },
    );
    expect(await positionOf(referrer)).toBe(start - 10);
    await confirmPlace(t, 'friend.two@elsewhere.test');
    expect(await positionOf(referrer)).toBe(start - 20);
    expect(await pageOf(await placeUrlOf(referrer))).toContain('2 referrals have counted so far.');
    // The operators' list counts them too.
    const listed = await findSignupPage(t.database.db, { q: referrer }, 1);
    expect(listed.rows.map((row) => row.referrals)).toEqual([2]);
    await expectGapFree();
  });

  it('never passes the first 550 places, which stay with whoever holds them', async () => {
    const { rows } = await t.database.pool.query<{ email: string }>(
      `SELECT email FROM waitlist_signups WHERE position = 555`,
    );
    const referrer = rows[0]!.email;
    // Seeded places have no welcome email: their page's link is made as the app makes it.
    const { rows: ids } = await t.database.pool.query('SELECT id FROM waitlist_signups WHERE email = $1', [
      referrer,
    ]);
    const deps = { secret: t.config.sessionSecret, publicUrl: t.config.publicUrl };
    const page = await pageOf(placeLink(deps, ids[0].id, clock()));
    const link = page.match(/id="share-link" readonly value="([^"]+)"/)![1]!;
    const the550th = (await t.database.pool.query('SELECT email FROM waitlist_signups WHERE position = 550'))
      .rows[0].email;
    await joinThrough(link, 'friend.three@elsewhere.test');
    expect(await positionOf(referrer)).toBe(551);
    expect(await positionOf(the550th)).toBe(550);
    await expectGapFree();
  });

  it('counts nothing from an alias of the referrer, a disposable address or a burst from one network', async () => {
    const referrer = 'maker.two@gmail.com';
    await signUp(t, { email: referrer });
    await confirmPlace(t, referrer);
    const start = await positionOf(referrer);
    const link = await referralLinkOf(referrer);

    await joinThrough(link, 'maker.two+second@gmail.com');
    expect(await referralOf('maker.two+second@gmail.com')).toEqual({
      status: 'void',
      reason: "the referrer's own address, or an alias of it",
    });
    await joinThrough(link, 'm.a.k.e.r.t.w.o@googlemail.com');
    expect((await referralOf('m.a.k.e.r.t.w.o@googlemail.com'))?.status).toBe('void');
    await joinThrough(link, 'someone@mailinator.com');
    expect(await referralOf('someone@mailinator.com')).toEqual({
      status: 'void',
      reason: 'a disposable-mail address',
    });
    expect(await positionOf(referrer)).toBe(start);

    // Two from one network count; the third shows a burst, and all three then count for nothing.
    await joinThrough(link, 'house.one@elsewhere.test', '192.0.2.10');
    await joinThrough(link, 'house.two@elsewhere.test', '192.0.2.11');
    expect(await positionOf(referrer)).toBe(start! - 20);
    await joinThrough(link, 'house.three@elsewhere.test', '192.0.2.12');
    for (const email of ['house.one', 'house.two', 'house.three']) {
      expect(await referralOf(`${email}@elsewhere.test`)).toEqual({
        status: 'void',
        reason: 'one of 3 or more referrals from one network within an hour',
      });
    }
    expect(await positionOf(referrer)).toBe(start);
    await expectGapFree();
  });

  it('keeps positions gap-free when a referred place lapses after moving its referrer', async () => {
    const referrer = 'maker.three@referrals.test';
    await signUp(t, { email: referrer });
    await confirmPlace(t, referrer);
    const link = await referralLinkOf(referrer);
    await joinThrough(link, 'friend.four@elsewhere.test');
    const cookie = await followReferral(link);
    await signUp(
      t,
      { email: 'never.confirms@elsewhere.test' },
      { 'x-forwarded-for': nextVisitorAddress(), cookie },
    );
    clock.set('2026-12-03T10:00:00Z');
    await lapseHeldPlaces({
      db: t.database.db,
      jobs: t.jobs,
      now: clock,
      secret: t.config.sessionSecret,
      publicUrl: t.config.publicUrl,
    });
    expect(await positionOf('never.confirms@elsewhere.test')).toBeNull();
    await expectGapFree();
    clock.set('2026-12-01T09:00:00Z');
  });

  it('ignores a code it could not have made, and sets no cookie for it', async () => {
    const response = await fetch(`${t.baseUrl}/r/not-a-code`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
