import type { Page } from '@playwright/test';
import {
  expect,
  expectToast,
  queryDatabase,
  signInWithEmailLinkThroughApi,
  test,
  uniqueEmail,
  visitorAddress,
} from './fixtures';
import { E2E_OPERATOR_EMAIL } from './operator';

// A kept place's own page, its link shared from a phone, a friend who joins through it, and the
// operator who sets a burst aside from the Waitlist tab (issue 55, decision 064).

async function emailLink(email: string, field: 'confirmUrl' | 'placeUrl') {
  const [welcome] = await queryDatabase<{ url: string }>(
    `SELECT payload->>'${field}' AS url FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-welcome' AND payload->>'to' = $1 ORDER BY created_at DESC LIMIT 1`,
    [email],
  );
  const link = new URL(welcome!.url);
  return `${link.pathname}${link.search}`;
}

/** Joins from the landing page's form, as a visitor does, then keeps the place from the welcome email. */
async function joinAndKeep(page: Page, email: string) {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Join the algorithm resistance' });
  await section.scrollIntoViewIfNeeded();
  await expect(page.getByRole('meter').first()).toBeVisible();
  await section.getByLabel('Email address').fill(email);
  await section.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  await expect(page.getByText('Confirm within 48 hours to keep #', { exact: false }).first()).toBeVisible();
  await page.goto(await emailLink(email, 'confirmUrl'));
  await page.getByRole('button', { name: 'Keep my place' }).click();
  await expect(page.getByRole('heading', { name: /^Place #\d+ is yours$/ })).toBeVisible();
}

test.use({ viewport: { width: 390, height: 844 } });

test('a kept place shares its link from a phone, and a friend who joins through it counts', async ({
  page,
  browser,
}) => {
  // A phone's share sheet: the page offers Share only where the browser has one.
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', {
      value: (data: unknown) => {
        shared.push(data);
        return Promise.resolve();
      },
    });
  });
  const referrer = uniqueEmail('referrer');
  await joinAndKeep(page, referrer);
  await page.goto(await emailLink(referrer, 'placeUrl'));
  await expect(page.getByText('0 referrals have counted so far.')).toBeVisible();
  const link = await page.getByLabel('Your link to share').inputValue();
  expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{16}$/);
  expect(link).not.toContain('referrer');
  await page.getByRole('button', { name: 'Share my link' }).click();
  expect(await page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared)).toEqual([
    expect.objectContaining({ url: link }),
  ]);

  // The friend opens the link in a browser of their own, lands on the landing page and joins.
  const friendContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  const friendPage = await friendContext.newPage();
  await friendPage.goto(new URL(link).pathname);
  await expect(friendPage).toHaveURL(/\/$/);
  const friend = uniqueEmail('friend');
  await joinAndKeep(friendPage, friend);
  await friendContext.close();

  await page.reload();
  await expect(page.getByText('1 referral has counted so far.')).toBeVisible();
});

test('an operator sees the overview and sets a flagged burst aside from the Waitlist tab', async ({
  page,
  context,
}) => {
  // Six signups from one network within a minute: a burst.
  const burst = Array.from({ length: 6 }, () => uniqueEmail('burst'));
  for (const [index, email] of burst.entries()) {
    const answer = await page.request.post('/api/waitlist/signup', {
      data: { email },
      headers: { origin: process.env.E2E_BASE_URL!, 'x-forwarded-for': `203.0.113.${index + 1}` },
    });
    expect(answer.ok()).toBe(true);
  }
  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('table', { name: "Each tier's fill" })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Flagged places' })).toContainText('Network burst');

  await page.getByLabel('Search by email').fill(burst[0]!);
  const table = page.getByRole('table', { name: 'Waitlist signups' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Network burst');
  await table.getByRole('checkbox', { name: `Select ${burst[0]}` }).check();
  await page.getByRole('button', { name: 'Set aside', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Set these places aside?' });
  await dialog.getByRole('button', { name: 'Set aside' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why, in a few words.');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('six signups from one network');
  await dialog.getByRole('button', { name: 'Set aside' }).click();
  await expectToast(page, '1 place set aside');
  await expect(page.getByText('No signups match.')).toBeVisible();
  const aside = page.getByRole('table', { name: 'Set aside for review' });
  await expect(aside).toContainText(burst[0]!);
  const [row] = await queryDatabase<{ position: number | null }>(
    'SELECT position FROM waitlist_signups WHERE email = $1',
    [burst[0]!],
  );
  expect(row).toEqual({ position: null });
});
