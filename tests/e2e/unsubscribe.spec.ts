import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createUnsubscribeToken } from '../../server/integrations/email/unsubscribe-token';
import { expect, latestEmailLink, queryDatabase, test, uniqueEmail } from './fixtures';

async function unsubscribeLink(email: string) {
  const secret = (await readFile(path.join(process.env.E2E_DATA_DIR!, 'session-secret'), 'utf8')).trim();
  return `/api/waitlist/unsubscribe?token=${createUnsubscribeToken(secret, email)}`;
}

const suppressed = (email: string) =>
  queryDatabase<{ email: string }>('SELECT email FROM email_suppressions WHERE email = $1', [email]);

test('the unsubscribe link asks first, and the button unsubscribes', async ({ page }) => {
  const email = uniqueEmail('leaving');
  await page.goto(await unsubscribeLink(email));
  await expect(page.getByRole('heading', { name: 'Unsubscribe from waitlist emails?' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  expect(await suppressed(email)).toEqual([]);

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  expect(await suppressed(email)).toEqual([{ email }]);
});

test('leaving the waitlist takes the link it emails, and only its button removes the place', async ({
  page,
}) => {
  const email = uniqueEmail('leaving');
  const joined = await page.request.post('/api/waitlist/signup', {
    data: { email, signupSource: 'landing' },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  const { position } = (await joined.json()) as { position: number };
  const place = () => queryDatabase('SELECT position FROM waitlist_signups WHERE email = $1', [email]);

  await page.goto(await unsubscribeLink(email));
  await page.getByRole('button', { name: 'Remove me from the waitlist' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  expect(await place()).toEqual([{ position }]);

  const link = new URL(await latestEmailLink(email, 'waitlist-removal'));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: `Give up place #${position}?` })).toBeVisible();
  expect(await place()).toEqual([{ position }]);
  await page.getByRole('button', { name: 'Give up my place' }).click();
  await expect(page.getByRole('heading', { name: "You're off the waitlist" })).toBeVisible();
  expect(await place()).toEqual([]);
});
