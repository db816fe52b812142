import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createUnsubscribeToken } from '../../server/integrations/email/unsubscribe-token';
import { expect, queryDatabase, test, uniqueEmail } from './fixtures';

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
