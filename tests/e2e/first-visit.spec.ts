import { expect, test, uniqueEmail } from './fixtures';

test('the hero’s £79 button takes a new visitor to account creation with their address, then to the purchase', async ({
  page,
}) => {
  const email = uniqueEmail('hero');
  await page.goto('/');
  await page.getByLabel('Your email').fill(email);
  await page.getByRole('button', { name: 'START YOUR BLUEPRINT - £79' }).click();

  await expect(page).toHaveURL(/\/sign-in\?mode=create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);

  await page.getByLabel('First name').fill('Priya');
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Onboarding done (through the API, as the onboarding spec covers the steps), the purchase follows.
  const baseUrl = process.env.E2E_BASE_URL!;
  const onboarding = await page.request.post(`${baseUrl}/api/user/onboarding`, {
    data: {},
    headers: { origin: baseUrl },
  });
  expect(onboarding.ok()).toBe(true);
  await page.goto('/');
  await expect(page).toHaveURL(/\/subscribe\?plan=blueprint$/);
});

test('the sign-in page has one h1, whichever form it shows', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Ballast');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
});

test('Escape closes the phone menu and puts focus back on its button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await menu.getByRole('link', { name: 'Features' }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
