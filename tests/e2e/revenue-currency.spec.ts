import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, expectToast, signUpThroughApi, test } from './fixtures';

/** The currencies the stand-in ECB file gives, once the server has read it (global-setup.ts). */
async function ratesRead(page: Page) {
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/revenue/currencies')).json()) as { currencies: string[] })
          .currencies,
      { timeout: 60_000 },
    )
    .toEqual(['GBP', 'EUR', 'JPY', 'USD']);
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
  // Pounds first.
  await expect(form.getByLabel('Currency').locator('option')).toHaveText(['GBP', 'EUR', 'JPY', 'USD']);
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

  // Dollars, now used, come straight after pounds the next time.
  await page.getByRole('button', { name: 'Add revenue' }).click();
  await expect(form.getByLabel('Currency').locator('option')).toHaveText(['GBP', 'USD', 'EUR', 'JPY']);
});

test('a spreadsheet that does not say its currency is asked about once, and its dollars saved as dollars', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await ratesRead(page);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import revenue' });
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
