import { expect, signUpThroughApi, test } from './fixtures';

test('a returning creator finds "Sign in" in the nav and the mobile menu', async ({ page }) => {
  await page.goto('/features');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/api/login');
  await nav.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByLabel('Email')).toBeVisible();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/api/login');
});

for (const [state, isOnboarded] of [
  ['signed in', true],
  ['still onboarding', false],
] as const) {
  test(`the footer's Contact, Privacy and Terms open their pages when ${state}`, async ({
    page,
    context,
  }) => {
    await signUpThroughApi(context, { isOnboarded });
    await page.goto(isOnboarded ? '/' : '/onboarding');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    for (const [name, heading] of [
      ['Privacy', 'Privacy policy'],
      ['Terms', 'Terms of service'],
      ['Contact', 'Talk to a human'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('PAGE NOT FOUND')).toHaveCount(0);
      await page.goBack();
    }
    // The contact form works signed in too.
    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Maya');
    await page.getByLabel('Email', { exact: true }).fill('maya@creator.test');
    await page.getByLabel('Message', { exact: true }).fill('How do I export my data?');
    await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
    await expect(
      page.getByRole('region', { name: /Notifications/ }).getByText('Message sent successfully!'),
    ).toBeVisible();
  });
}
