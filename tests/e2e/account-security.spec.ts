import {
  expect,
  expectNoAccessibilityViolations,
  latestEmailLink,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';
import { E2E_PASSWORD_OPERATOR_EMAIL } from './operator';

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

for (const { name, viewport } of SIZES) {
  test(`sign up, confirm the address, forget the password, reset it and sign in again (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail('walk');

    await page.goto('/sign-in');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    const notice = page.getByRole('region', { name: 'Account notice' });
    await expect(notice).toContainText('Confirm your address.');
    await expect(notice).toContainText(email);
    await expectNoAccessibilityViolations(page);

    // The link in the sign-up email.
    await page.goto(await latestEmailLink(email, 'verify-email'));
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('region', { name: 'Account notice' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a reset link' }).click();
    await expect(page.getByRole('status')).toContainText('a link to set a new password is on its way');
    await expectNoAccessibilityViolations(page);

    await page.goto(await latestEmailLink(email, 'password-reset'));
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel('New password').fill('password1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('one of the most common ones');
    await page.getByLabel('New password').fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your new password is set. Sign in with it now.');
    await expectNoAccessibilityViolations(page);

    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a quiet harbour at dawn');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
  });
}

test('a used or broken reset link says so and offers a new one', async ({ page }) => {
  await page.goto('/reset-password?error=INVALID_TOKEN');
  await expect(page.getByRole('alert')).toHaveText(
    'This link has expired or was already used. Ask for a new one.',
  );
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an operator signed in with a password is asked for an emailed link before the console opens', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { email: E2E_PASSWORD_OPERATOR_EMAIL, isProven: true, isOnboarded: true });
  await page.goto('/admin');
  await expect(page.getByText('Sign in with an emailed link to open the console')).toBeVisible();
  expect((await context.request.get('/api/admin/users')).status()).toBe(404);
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('Sent.');

  await page.goto(await latestEmailLink(E2E_PASSWORD_OPERATOR_EMAIL, 'magic-link'));
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
});

test('a sign-in link that takes away a password chosen before proof says so on screen', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await context.clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText('Check');
  await page.goto(await latestEmailLink(email, 'magic-link'));
  const notice = page.getByRole('region', { name: 'Account notice' });
  await expect(notice).toContainText('Your old password no longer works.');
  await expectNoAccessibilityViolations(page);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});

test('signed up on a laptop and confirmed on a phone: the phone is signed in and asked to set a password', async ({
  page,
  context,
  browser,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  const phone = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto(await latestEmailLink(email, 'verify-email'));
    const notice = phonePage.getByRole('region', { name: 'Account notice' });
    await expect(notice).toContainText('Your old password no longer works.');
    await expect(notice.getByRole('link', { name: 'Set a password' })).toBeVisible();
    await expectNoAccessibilityViolations(phonePage);
  } finally {
    await phone.close();
  }
  // The laptop that signed up is signed out, and its password no longer works.
  expect((await context.request.get('/api/auth/user')).status()).toBe(401);
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
});

test('an emailed sign-in link opened from another site asks before it signs anyone in', async ({
  page,
  context,
}) => {
  // A long address, on a phone: its button must wrap, not widen the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const { email } = await signUpThroughApi(context, {
    email: uniqueEmail('hello.maya.patelcreatesvideos.reviews'),
    isProven: true,
    isOnboarded: true,
  });
  await context.clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText('Check');
  const link = await latestEmailLink(email, 'magic-link');
  // Another site's page links to it.
  await page.route('http://elsewhere.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a href="${link}">Read this</a>` }),
  );
  await page.goto('http://elsewhere.test/');
  await page.getByRole('link', { name: 'Read this' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Ballast?' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect((await context.request.get('/api/auth/user')).status()).toBe(401);
  await page.getByRole('button', { name: `Sign in as ${email}` }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await context.request.get('/api/auth/user')).status()).toBe(200);
});
