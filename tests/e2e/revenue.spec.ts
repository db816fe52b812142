import { londonDate } from '../../common/calendar';
import { SOURCE_GROUPS } from '../../common/revenue-sources';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  openImportDialog,
  postAsUser,
  signUpThroughApi,
  test,
} from './fixtures';

function statCard(page: import('@playwright/test').Page, label: string) {
  return page
    .getByRole('region', { name: 'Revenue figures' })
    .locator('div', { has: page.getByRole('heading', { name: label }) });
}

test('with no entries: the empty state, and the Missing Information toast', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/dashboard');
  await expect(page.getByText('No revenue entries yet. Start tracking your income!')).toBeVisible();
  await expect(statCard(page, 'Total Revenue')).toContainText('£0');
  await expect(statCard(page, 'Revenue Streams')).toContainText('0');
  await expect(page.getByTestId('monthly-chart')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Add your first entry' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Date')).toHaveValue(londonDate(new Date()));
  await expect(form.getByLabel('Source')).toBeFocused();
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields.');

  // A source alone is still missing its amount.
  await form.getByLabel('Source').selectOption('courses');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Missing Information', 'Please fill in all required fields.');
  expect(await (await page.request.get('/api/revenue')).json()).toEqual([]);
  await expectNoAccessibilityViolations(page);
});

test('adding revenue updates the cards, the charts and the list; entries can be corrected and removed', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add revenue' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  // The form's code loads when it is first opened: read its options once it is there.
  await expect(form).toBeVisible();
  const sources = await form.getByLabel('Source').locator('option').allTextContents();
  expect(sources.slice(1)).toEqual(
    SOURCE_GROUPS.flatMap((group) => group.sources.map((source) => source.label)),
  );
  const groups = form.getByLabel('Source').locator('optgroup');
  await expect(groups.first()).toHaveAttribute('label', 'Ad Revenue');
  await expect(groups.nth(1)).toHaveAttribute('label', 'Sponsorships');
  await expect(form.getByLabel('Amount (£)')).toHaveAttribute('step', '0.01');
  await form.getByLabel('Source').selectOption('youtube_ads');
  await form.getByLabel('Amount (£)').fill('1200.40');
  await form.getByLabel('Description (optional)').fill('AdSense payout');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Revenue Added');
  await expect(form).toBeHidden();

  await expect(statCard(page, 'Total Revenue')).toContainText('£1,200');
  await expect(statCard(page, 'This Month')).toContainText('£1,200');

  // A second source, dated in an earlier month.
  await page.getByRole('button', { name: 'Add revenue' }).click();
  await form.getByLabel('Source').selectOption('coaching');
  await form.getByLabel('Amount (£)').fill('300');
  await form.getByLabel('Date').fill('2024-11-15');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Revenue Added');

  await expect(statCard(page, 'Total Revenue')).toContainText('£1,500');
  await expect(statCard(page, 'This Month')).toContainText('£1,200');
  await expect(statCard(page, 'Revenue Streams')).toContainText('2');
  await expect(statCard(page, 'Avg per Stream')).toContainText('£750');

  const monthly = page.getByTestId('monthly-chart');
  await expect(monthly.locator('.recharts-bar-rectangle')).toHaveCount(2);
  await expect(monthly).toContainText('Nov 2024');
  const breakdown = page.getByTestId('breakdown-chart');
  // Percent labels on the slices; the legend names each source with its share.
  await expect(breakdown.locator('svg text', { hasText: '80%' })).toHaveCount(1);
  await expect(breakdown.locator('svg text', { hasText: '20%' })).toHaveCount(1);
  // The legend is the caption; a tooltip left open by the pointer is a list of its own.
  await expect(breakdown.locator('figcaption').getByRole('listitem')).toHaveText([
    'YouTube Ads80%',
    'Coaching20%',
  ]);
  // Each source has its own colour, whatever its rank.
  await expect(breakdown.locator('path.recharts-sector').first()).toHaveAttribute('fill', '#ff5a1f');
  await expect(breakdown.locator('path.recharts-sector').last()).toHaveAttribute('fill', '#86efac');

  await monthly.locator('.recharts-bar-rectangle').last().hover();
  await expect(monthly.locator('.recharts-tooltip-wrapper')).toContainText('Revenue');
  await expect(monthly.locator('.recharts-tooltip-wrapper')).toContainText('£1,200');
  await breakdown.locator('path.recharts-sector[name="Coaching"]').hover();
  await expect(breakdown.locator('.recharts-tooltip-wrapper')).toContainText('Amount');
  await expect(breakdown.locator('.recharts-tooltip-wrapper')).toContainText('£300');

  const entries = page.getByTestId('revenue-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first()).toContainText('YouTube Ads');
  await expect(entries.first()).toContainText('AdSense payout');
  await expect(entries.first()).toContainText('£1,200.40');
  await expect(entries.last()).toContainText('15 Nov 2024');
  await expectNoAccessibilityViolations(page);

  const recent = page.getByRole('list', { name: 'Recent revenue entries' });
  await recent.getByRole('button', { name: 'Edit coaching on 15 Nov 2024' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit entry' });
  await expect(dialog.getByLabel('Amount (£)')).toHaveValue('300.00');
  await dialog.getByLabel('Amount (£)').fill('350');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Entry Updated');
  await expect(statCard(page, 'Total Revenue')).toContainText('£1,550');

  await recent.getByRole('button', { name: 'Delete coaching on 15 Nov 2024' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this entry?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expectToast(page, 'Entry Deleted');
  await expect(statCard(page, 'Revenue Streams')).toContainText('1');
  await expect(entries).toHaveCount(1);
});

test('a failed save without a reason from us shows the generic error toast', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  // A proxy in front of the app refusing, in its own words (not our error shape).
  await page.route('**/api/revenue', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, contentType: 'text/html', body: '<h1>Too Many Requests</h1>' })
      : route.fallback(),
  );
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add revenue' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  await form.getByLabel('Source').selectOption('merchandise');
  await form.getByLabel('Amount (£)').fill('12.50');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Error', 'Failed to add revenue entry. Please try again.');
});

test('the recent list shows the first 10 entries, newest first', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  for (let day = 1; day <= 12; day++) {
    await postAsUser(context, '/api/revenue', {
      source: 'affiliate_marketing',
      amount: String(day),
      date: `2025-01-${String(day).padStart(2, '0')}`,
    });
  }
  await page.goto('/dashboard');
  const entries = page.getByTestId('revenue-entry');
  await expect(entries).toHaveCount(10);
  await expect(entries.first()).toContainText('12 Jan 2025');
  await expect(entries.last()).toContainText('3 Jan 2025');
});

test('CSV import previews each row, shows the refused ones and imports the rest', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const dialog = await openImportDialog(page);

  const bad = 'date,source,amount,description\n2025-02-01,courses,40,\n2025-02-30,crypto,-1,typo\n';
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(
    dialog.getByText(
      '1 accepted, 1 refused. Ready to import 1 entry (£40.00). Choose a source for each name above',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('row').nth(1)).toContainText('Refused: date: Enter a real calendar date');
  await expect(dialog.getByRole('row').nth(1)).toContainText('source: "crypto" is new to us');
  await expect(dialog.getByRole('button', { name: 'Import 1 entry' })).toBeEnabled();
  await expectNoAccessibilityViolations(page);

  const good =
    'date,source,amount,description\n2025-02-01,courses,40,\n14/02/2025,Digital Products,"£1,000",Ebook\n';
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(
    dialog.getByText('2 accepted, 0 refused. Ready to import 2 entries (£1,040.00).'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 entries' }).click();
  await expectToast(page, 'Revenue Imported');
  await expect(dialog).toBeHidden();
  await expect(statCard(page, 'Total Revenue')).toContainText('£1,040');
  await expect(page.getByTestId('revenue-entry').first()).toContainText('Digital Products');
});

test('importing the same file again skips what is recorded; one new row reads "Import 1 entry"', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/dashboard');
  const first = 'date,source,amount\n2025-01-10,youtube_ads,100\n2025-03-10,tiktok_creator_fund,30\n';
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import revenue' });
  // A wide dialog for the preview table, not the default width.
  expect((await dialog.boundingBox())!.width).toBeGreaterThan(700);
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from(first) });
  await expect(dialog.getByRole('row').nth(1)).toContainText('YouTube Ads');
  await dialog.getByRole('button', { name: 'Import 2 entries' }).click();
  await expect(dialog).toBeHidden();

  // The months between are there at £0.
  await expect(page.locator('figcaption').first()).toContainText('Feb 2025: £0');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const again = `${first}2025-04-01,coaching,50\n`;
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'b.csv', mimeType: 'text/csv', buffer: Buffer.from(again) });
  await expect(dialog.getByText('3 accepted, 0 refused, 2 already recorded (skipped).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 1 entry' }).click();
  await expectToast(page, 'Revenue Imported', '1 entry added. 2 entries already recorded, skipped.');
  await expect(statCard(page, 'Total Revenue')).toContainText('£180');
  // TikTok's former Creator Fund is read as its Creator Rewards.
  await expect(page.getByTestId('revenue-entry').filter({ hasText: 'TikTok Creator Rewards' })).toHaveCount(
    1,
  );
});
