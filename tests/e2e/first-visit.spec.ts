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

test('the spots badge counts both tiers, agreeing with the bars and the creators waiting', async ({
  page,
}) => {
  await page.goto('/');
  const counters = await (await page.request.get('/api/waitlist/counters')).json();
  await expect(page.getByTestId('spots-badge')).toHaveText(
    `550 spots → ${counters.freeSpots + counters.lifetimeSpots} left`,
  );
  expect(counters.freeSpots + counters.lifetimeSpots).toBe(Math.max(0, 550 - counters.totalSignups));
});

/** Every visible control fully inside the page's own view (below the sticky bars) that the badge overlaps. */
function controlsUnderTheBadge() {
  const badge = document.querySelector('[data-testid="spots-badge"]')!.getBoundingClientRect();
  const bars = [...document.querySelectorAll('header, [data-testid="spots-strip"]')].map((bar) =>
    bar.getBoundingClientRect(),
  );
  const viewTop = Math.max(
    0,
    ...bars.filter((bar) => bar.top <= 0 || bar.top < 120).map((bar) => bar.bottom),
  );
  const covered: string[] = [];
  for (const control of document.querySelectorAll('a, button, input, select, textarea, [role="button"]')) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (control.closest('header, [data-testid="spots-strip"]')) continue;
    if (box.top < viewTop || box.bottom > window.innerHeight) continue;
    const overlaps =
      box.left < badge.right && box.right > badge.left && box.top < badge.bottom && box.bottom > badge.top;
    if (overlaps)
      covered.push(
        `${control.tagName} "${control.textContent?.trim() || control.getAttribute('aria-label')}" at ${Math.round(window.scrollY)}`,
      );
  }
  return covered;
}

test('the spots badge never covers a control, from 360 to 1440 px wide', async ({ page }) => {
  test.setTimeout(90_000);
  for (const width of [360, 390, 430, 768, 1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByTestId('spots-badge')).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let top = 0; top < height; top += 250) {
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
      expect(await page.evaluate(controlsUnderTheBadge), `at ${width} px`).toEqual([]);
    }
  }
});
