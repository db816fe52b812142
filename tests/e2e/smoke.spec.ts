import { expect, expectNoAccessibilityViolations, test } from './fixtures';

test('the home page renders and the API is ready', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  expect((await request.get('/readyz')).status()).toBe(200);
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('PAGE NOT FOUND')).toBeVisible();
});
