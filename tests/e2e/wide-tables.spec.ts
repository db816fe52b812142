import type { Locator } from '@playwright/test';
import { londonDate } from '../../common/calendar';
import {
  expect,
  openImportDialog,
  postAsUser,
  signInWithEmailLinkThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';
import { E2E_OPERATOR_EMAIL } from './operator';

/**
 * On a phone every table wider than its box shows that it scrolls: a fading edge over its right side while
 * part of it is out of sight, and "Scroll sideways for more" under it. On a wide screen, where the table
 * fits, neither.
 */
async function expectScrollCue(scroller: Locator) {
  const box = scroller.locator('xpath=..');
  await expect(async () => {
    const sizes = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
    expect(sizes[0]!, 'the table is wider than its box').toBeGreaterThan(sizes[1]!);
  }).toPass();
  await expect(box.getByTestId('scroll-fade')).toBeVisible();
  await expect(box.locator('xpath=..').getByText('Scroll sideways for more')).toBeVisible();
  // Scrolled to its end, nothing is hidden to the right any more: the fading edge goes, the hint stays.
  await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(box.getByTestId('scroll-fade')).toHaveCount(0);
  await expect(box.locator('xpath=..').getByText('Scroll sideways for more')).toBeVisible();
}

test('the revenue history table shows it scrolls on a phone, and not on a wide screen', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/revenue', {
    source: 'youtube_sponsors',
    amount: '750',
    date: londonDate(new Date()),
    description: 'Integration for a kitchen brand',
  });
  await page.goto('/dashboard');
  const history = page.getByRole('region', { name: 'All Entries' });
  await expect(page.getByTestId('history-entry')).toHaveCount(1);
  await expectScrollCue(history.getByRole('region', { name: 'Revenue entries' }));

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(history.getByText('Scroll sideways for more')).toHaveCount(0);
  await expect(history.getByTestId('scroll-fade')).toHaveCount(0);
});

test("the import's preview of a file's rows shows it scrolls on a phone", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(context, { isOnboarded: true });
  const dialog = await openImportDialog(page);
  const file = ['date,source,amount,description', '2025-10-31,youtube_ads,1204.33,AdSense for October'].join(
    '\n',
  );
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'revenue.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await expectScrollCue(dialog.getByRole('region', { name: 'Rows in the file' }));
});

test("the console's tables show they scroll on a phone", async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Someone on the waitlist and a new account, so both tables have rows.
  const signup = await context.request.post('/api/waitlist/signup', {
    data: { email: uniqueEmail('wide-tables'), signupSource: 'landing' },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await page.goto('/admin');
  await expectScrollCue(page.getByRole('region', { name: 'Waitlist signups' }));
  await page.getByRole('tab', { name: 'Users' }).click();
  await expectScrollCue(page.getByRole('region', { name: 'Recent sign-ups' }));
});
