import type { Page } from '@playwright/test';
import { londonDate } from '../../common/calendar';
import { expect, postAsUser, queryDatabase, signUpThroughApi, test, uniqueEmail } from './fixtures';
import { expectTargetsBigEnough } from './touch-targets';

// Every public page, the menu, the waitlist dialog and the signed-in pages are also measured, at 390 px,
// by phone-widths.spec.ts as it walks them; these are the states only reached here.

async function expectBigEnough(page: Page, what: string) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText(/^Loading(\.\.\.| alerts\.\.\.)$/)).toHaveCount(0);
  await expectTargetsBigEnough(page, what);
}

test.use({ viewport: { width: 390, height: 844 } });

test('the waitlist signup toast and its close button are at least 44 × 44 px', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.locator('#mobile-menu').getByRole('button', { name: 'GET STARTED' }).click();
  const dialog = page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' });
  await expect(dialog).toBeVisible();
  // A signup's toast, with its close button.
  await dialog.getByLabel('Email address').fill(uniqueEmail('touch'));
  await dialog.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button')).toBeVisible();
  await expectBigEnough(page, 'the signup toast');
});

test('an alert, its dismiss, the list of every alert and the signed-in menu are at least 44 × 44 px', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { firstName: 'Priya', isOnboarded: true });
  await postAsUser(context, '/api/revenue', {
    source: 'youtube_ads',
    amount: '900',
    date: londonDate(new Date()),
  });
  await queryDatabase(
    `INSERT INTO alerts (user_id, severity, platform, title, description, cause, at_stake_pence)
     SELECT id, 'high', 'youtube', 'YouTube Ads revenue fell 40%', 'x', 'test:touch', 50000 FROM users WHERE email = $1`,
    [email],
  );
  await page.goto('/');
  await expect(page.getByTestId('alert')).toHaveCount(1);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectBigEnough(page, 'the signed-in menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Dismiss YouTube Ads revenue fell 40%' }).click();
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.getByRole('button', { name: /^View all/ }).click();
  await expectBigEnough(page, 'the list of every alert');
});
