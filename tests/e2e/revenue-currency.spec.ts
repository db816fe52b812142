import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  openImportDialog,
  signUpThroughApi,
  test,
} from './fixtures';

/**
 * Waits for the server to have read the stand-in ECB file (global-setup.ts): the rates shipped with the
 * app end in April 2026, so a dollar row of 5 October 2026 is valued at that day's rates only after it.
 */
async function ratesRead(page: Page) {
  const probe = { csv: 'Date,Source,Amount,Currency\n2026-10-05,Courses,1.00,USD', dryRun: true };
  await expect
    .poll(
      async () => {
        const preview = (await (await page.request.post('/api/revenue/import', { data: probe })).json()) as {
          rows: { entry: { paid?: { rateDate: string } } | null }[];
        };
        return preview.rows[0]?.entry?.paid?.rateDate;
      },
      { timeout: 60_000 },
    )
    .toBe('2026-10-05');
}

test('an entry paid in dollars: the form takes the currency, the list shows the pounds and what was paid', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await ratesRead(page);

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add your first entry' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  await expect(form).toBeVisible();
  // Pounds first, then the euro, then every currency the ECB's rates know.
  const currencies = form.getByLabel('Currency').locator('option');
  await expect(currencies.nth(0)).toHaveText('GBP');
  await expect(currencies.nth(1)).toHaveText('EUR');
  await form.getByLabel('Source').selectOption('digital_products');
  await form.getByLabel('Currency').selectOption('USD');
  await form.getByLabel('Amount (USD)').fill('1030.00');
  await form.getByLabel('Date').fill('2026-10-05');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Revenue Added');

  // 1030.00 × 0.8702 / 1.1650 = 769.36
  const entry = page.getByTestId('revenue-entry').first();
  await expect(entry).toContainText('£769.36');
  await expect(entry.getByTestId('paid-note')).toHaveText('($1,030.00 at 0.7470, 5 Oct 2026)');
  await expectNoAccessibilityViolations(page);

  // Dollars, now used, come straight after pounds the next time, and stay chosen.
  await page.getByRole('button', { name: 'Add revenue' }).click();
  await expect(currencies.nth(1)).toHaveText('USD');
  await expect(form.getByLabel('Currency')).toHaveValue('USD');
});

test('the form stays open for the next entry, in the currency last chosen, and speaks of dollars', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await ratesRead(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Add your first entry' }).click();
  const form = page.getByRole('form', { name: 'Add revenue' });
  await form.getByLabel('Source').selectOption('affiliate_marketing');
  await form.getByLabel('Currency').selectOption('USD');
  await form.getByLabel('Amount (USD)').fill('0');
  await form.getByLabel('Date').fill('2026-10-05');
  await form.getByRole('button', { name: 'Save and add another' }).click();
  await expect(form.getByText('The amount must be more than $0.')).toBeVisible();
  await form.getByLabel('Amount (USD)').fill('12.345');
  await form.getByRole('button', { name: 'Save and add another' }).click();
  await expect(form.getByText('Use at most two decimal places (whole cents).')).toBeVisible();

  await form.getByLabel('Amount (USD)').fill('12.35');
  await form.getByRole('button', { name: 'Save and add another' }).click();
  await expectToast(page, 'Revenue Added');
  // Still open, blank, in dollars, ready for the next one.
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Source')).toBeFocused();
  await expect(form.getByLabel('Source')).toHaveValue('');
  await expect(form.getByLabel('Currency')).toHaveValue('USD');
  await expect(form.getByLabel('Amount (USD)')).toHaveValue('');
  await form.getByLabel('Source').selectOption('affiliate_marketing');
  await form.getByLabel('Amount (USD)').fill('20.00');
  await form.getByRole('button', { name: 'Add entry' }).click();
  await expectToast(page, 'Revenue Added');
  await expect(form).toBeHidden();
  await expect(page.getByTestId('revenue-entry')).toHaveCount(2);
});

test('a spreadsheet that does not say its currency is asked about once, and its dollars saved as dollars', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await ratesRead(page);
  const dialog = await openImportDialog(page);
  // A creator's own sheet of US sponsor payments: a plain Amount column, no currency anywhere.
  const sheet = [
    'Date,Source,Amount,Notes',
    '01/10/2026,Courses,100.00,Cohort',
    '05/10/2026,Courses,1030.00,',
  ];
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'sponsors.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet.join('\n')) });

  const question = dialog.getByLabel('Which currency are these amounts in?');
  await expect(question).toHaveValue('GBP');
  await expect(dialog.getByText('Your file does not say for 2 rows')).toBeVisible();
  await expect(dialog.getByText('Ready to import 2 entries (£1,130.00).')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await question.selectOption('USD');
  // 100 × 0.8650 / 1.1600 = 74.57 and 1030 × 0.8702 / 1.1650 = 769.36.
  await expect(dialog.getByText('Ready to import 2 entries (£843.93).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import 2 entries' }).click();
  await expectToast(page, 'Revenue Imported', '2 entries added.');
  const entry = page.getByTestId('revenue-entry').first();
  await expect(entry).toContainText('£769.36');
  await expect(entry.getByTestId('paid-note')).toHaveText('($1,030.00 at 0.7470, 5 Oct 2026)');
});
