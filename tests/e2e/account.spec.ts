import { readFile } from 'node:fs/promises';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  postAsUser,
  signInThroughApi,
  signUpThroughApi,
  test,
} from './fixtures';

test('a creator renames themselves, downloads their data and deletes their account', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { firstName: 'Maya', isOnboarded: true });
  await postAsUser(context, '/api/revenue', { source: 'courses', amount: '450', date: '2026-10-01' });
  await page.goto('/');
  await page.getByRole('link', { name: 'Account settings for Maya' }).first().click();
  await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByLabel('First name').fill('Maya Rose');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expectToast(page, 'Name Saved');
  await expect(page.getByTestId('nav-user-name').first()).toHaveText('Maya Rose');

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ballast-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email, firstName: 'Maya Rose' });
  expect(data.revenueEntries).toEqual([expect.objectContaining({ source: 'courses', amount: '450.00' })]);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill('not-me@ballast.test');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.click();

  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Ballast' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  const user = await context.request.get('/api/auth/user');
  expect(user.status()).toBe(401);
});

test('changing the password signs the other devices out, unless asked to keep them', async ({
  page,
  context,
  browser,
}) => {
  const { email } = await signUpThroughApi(context, { firstName: 'Maya', isOnboarded: true });
  const baseURL = process.env.E2E_BASE_URL!;
  const signInElsewhere = async (password: string) => {
    const other = await browser.newContext({ baseURL });
    await signInThroughApi(other, email, password);
    return other;
  };
  const phone = await signInElsewhere('correct horse battery');
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Password' });
  await expectNoAccessibilityViolations(page);
  await section.getByLabel('Current password').fill('correct horse battery');
  await section.getByLabel('New password').fill('a brighter morning tide');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password Changed', 'Every other device is signed out.');
  expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
  await phone.close();

  const tablet = await signInElsewhere('a brighter morning tide');
  await section.getByLabel('Current password').fill('a brighter morning tide');
  await section.getByLabel('New password').fill('an evening by the river');
  await section.getByLabel('Keep my other devices signed in').check();
  await section.getByRole('button', { name: 'Change password' }).click();
  await expectToast(page, 'Password Changed', 'Your other devices stay signed in.');
  expect((await tablet.request.get('/api/auth/user')).status()).toBe(200);
  await tablet.close();
  expect((await context.request.get('/api/auth/user')).status()).toBe(200);
});
