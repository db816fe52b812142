import { expect, expectNoAccessibilityViolations, signUpThroughApi, test, uniqueEmail } from './fixtures';

test('a new creator signs up from /api/login and is kept on onboarding until it is done', async ({
  page,
}) => {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in to Ballast' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  for (const path of ['/dashboard', '/health-check', '/', '/anything-else']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/onboarding$/);
  }

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'GET STARTED' }).first()).toBeVisible();
});

test('sign-in errors are shown inline, and a wrong password reads the same as an unknown email', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('signed-out visitors see the public navigation and the not-found page elsewhere', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const label of ['Features', 'Pricing', 'Community', 'Contact']) {
    await expect(nav.getByRole('link', { name: label })).toBeVisible();
  }
  await nav.getByRole('button', { name: 'GET STARTED' }).click();
  await expect(page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' })).toBeVisible();
  await page.keyboard.press('Escape');

  const footer = page.getByRole('navigation', { name: 'Footer' });
  for (const [label, href] of [
    ['Contact', '/contact'],
    ['Privacy', '/privacy'],
    ['Terms', '/terms'],
  ] as const) {
    await expect(footer.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }

  await page.goto('/dashboard');
  await expect(page.getByText('PAGE NOT FOUND')).toBeVisible();
});

test('the mobile menu opens and closes at 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Features' })).toBeVisible();
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(menu).toBeHidden();
});

test('a signed-in creator sees the app navigation with their name, and signs out', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/$/);

  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, href] of [
    ['Overview', '/'],
    ['Revenue', '/dashboard'],
    ['Health Check', '/health-check'],
    ['Blueprint', '/blueprint'],
    ['Upgrade', '/subscribe'],
  ] as const) {
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('href', href);
  }
  // No first name given: the part of the email before the @ stands in.
  await expect(page.getByTestId('nav-user-name').first()).toHaveText(email.split('@')[0]!);

  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(nav.getByRole('button', { name: 'GET STARTED' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Features' })).toBeVisible();
});
