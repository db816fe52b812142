import { expect, expectNoAccessibilityViolations, test } from './fixtures';

const PAGES = [
  ['/', 'Ballast: protect your creator income from the next algorithm change'],
  ['/full-landing', 'Join the algorithm resistance | Ballast'],
  ['/features', 'Ten tools for creator income protection | Ballast'],
  ['/pricing', 'Pricing | Ballast'],
  ['/community', 'Creator community, coming soon | Ballast'],
  ['/contact', 'Contact us | Ballast'],
  ['/privacy', 'Privacy policy | Ballast'],
  ['/terms', 'Terms of service | Ballast'],
] as const;

test('every public page is prerendered with its own title, description and Open Graph tags', async ({
  request,
}) => {
  const baseUrl = process.env.E2E_BASE_URL!;
  for (const [path, title] of PAGES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
    expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html, path).toContain(`<meta property="og:url" content="${baseUrl}${path}" />`);
    expect(html, path).toContain(`<meta property="og:image" content="${baseUrl}/og-image.png" />`);
    expect(html, path).toMatch(/<div id="root"><div/);
    // The content security policy allows no inline script.
    expect(html, path).not.toMatch(/<script(?![^>]*\bsrc=)/);
  }
});

for (const [path] of PAGES) {
  test(`${path} has no accessibility violations and hydrates cleanly`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAccessibilityViolations(page);
  });
}

test('the features page lists ten tools and the rollout schedule with counts', async ({ page }) => {
  await page.goto('/features');
  const tools = page.getByRole('region', { name: 'The tools' }).getByRole('listitem');
  await expect(tools).toHaveCount(10);
  for (const tool of await tools.all()) {
    await expect(tool.getByText(/^(Available now|Third release)$/)).toBeVisible();
    await expect(tool.getByText(/^Technology:/)).toBeVisible();
  }
  // What works in the app today says so; only what is still to come keeps a release.
  await expect(tools.filter({ hasText: 'Available now' })).toHaveCount(7);
  for (const name of ['Sponsor rate calculator', 'Digital product launcher', 'Creator community']) {
    await expect(tools.filter({ hasText: name })).toContainText('Third release');
  }
  // Our internal priorities are not the visitor's business, and no release is tied to a date.
  await expect(page.getByText(/priority/i)).toHaveCount(0);
  await expect(page.getByText(/Q[1-4] 20\d\d/)).toHaveCount(0);
  const schedule = page.getByRole('region', { name: 'Rollout schedule' });
  for (const [when, count] of [
    ['First access (waitlist)', '4 features'],
    ['Second release', '3 features'],
    ['Third release', '3 features'],
  ] as const) {
    const item = schedule.getByRole('listitem').filter({ hasText: when });
    await expect(item.getByText(count)).toBeVisible();
  }
});

for (const [path, title] of [['/community', 'Community']] as const) {
  test(`${path} is the coming-soon page`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Coming soon', { exact: true })).toBeVisible();
    const expectations = page.getByRole('region', { name: 'What to expect' }).getByRole('listitem');
    expect(await expectations.count()).toBeGreaterThan(2);
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'Join the waitlist' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/protect your creator income/);
  });
}

for (const [path, title] of [
  ['/privacy', 'Privacy policy'],
  ['/terms', 'Terms of service'],
] as const) {
  test(`${path} is dated 28 January 2025 (UK style) and gives the support address`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Last updated 28 January 2025')).toBeVisible();
    const support = page.getByRole('link', { name: 'support@127.0.0.1' }).first();
    await expect(support).toHaveAttribute('href', 'mailto:support@127.0.0.1');
  });
}

test('the privacy policy names the data controller from COMPANY_NAME and COMPANY_ADDRESS', async ({
  page,
  request,
}) => {
  const controller = 'Ballast Creator Tools Ltd (1 Example Street, London EC1A 1AA)';
  // In the prerendered page a search engine or a visitor without JavaScript reads, and once hydrated.
  expect(await (await request.get('/privacy')).text()).toContain('Ballast Creator Tools Ltd');
  await page.goto('/privacy');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('data-controller')).toContainText(`data described here is ${controller}`);
});

test('the privacy policy covers what, why, processors, retention, rights and contact', async ({ page }) => {
  await page.goto('/privacy');
  for (const heading of [
    'What we collect',
    'Why we use it, and our lawful basis',
    'Falls shared across creators',
    'Who processes it for us',
    'How long we keep it',
    'Your rights',
    'Changes and contact',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  for (const collected of ['Your email address', 'Revenue figures', 'Screenshots']) {
    await expect(page.getByText(collected, { exact: true })).toBeVisible();
  }
});

test('an unknown path is the not-found page, sent with a 404', async ({ page, request }) => {
  const response = await request.get('/no/such/page', { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('<title>Page not found | Ballast</title>');

  await page.goto('/no/such/page');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'PAGE NOT FOUND' })).toBeVisible();
  await expect(page.getByText(/isn't here yet/)).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeVisible();
  for (const stat of ['creators waiting', 'additional revenue', 'average risk reduction']) {
    await expect(page.getByText(stat)).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'See the full story' })).toHaveAttribute(
    'href',
    '/full-landing',
  );
  await expectNoAccessibilityViolations(page);
  await page.getByRole('link', { name: 'See the full story' }).click();
  await expect(page).toHaveURL(/\/full-landing$/);
  await expect(page).toHaveTitle(/Join the algorithm resistance/);
});

test('the mobile menu opens, navigates, closes, and its GET STARTED opens the dialog', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/features');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expectNoAccessibilityViolations(page);
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('button', { name: 'GET STARTED' }).click();
  await expect(menu).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' })).toBeVisible();
});
