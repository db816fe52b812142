import { expect, expectNoAccessibilityViolations, expectToast, signUpThroughApi, test } from './fixtures';

test('an entry paid in dollars: the form takes the currency, the list shows the pounds and what was paid', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  // The server reads the stand-in ECB file once as it starts (global-setup.ts).
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/revenue/currencies')).json()) as { currencies: string[] })
          .currencies,
      {
        timeout: 60_000,
      },
    )
    .toEqual(['GBP', 'EUR', 'JPY', 'USD']);

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
