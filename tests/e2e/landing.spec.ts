import { expect, expectNoAccessibilityViolations, test, uniqueEmail } from './fixtures';

const DEMO_TITLE = 'Watch an algorithm strike happen';

test('the landing page arrives prerendered, hydrates without errors and passes axe', async ({
  page,
  request,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('One algorithm change should not end your income.');
  expect(html).toContain('<meta name="ballast-session" content="none" />');
  expect(html).not.toContain('Loading...');

  await page.goto('/');
  await expect(page).toHaveTitle('Ballast: protect your creator income from the next algorithm change');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'One algorithm change should not end your income.',
  );
  for (const stat of ['£2.4M+', '67%', '30 days']) {
    await expect(page.getByText(stat, { exact: true }).first()).toBeVisible();
  }
  await expectNoAccessibilityViolations(page);
});

test('the creators waiting and the spots badge are the live counts, never a fixed claim', async ({
  page,
}) => {
  await page.goto('/');
  const counters = await (await page.request.get('/api/waitlist/counters')).json();
  const waiting = page.getByRole('term').filter({ hasText: /^creators? waiting$/ });
  await expect(waiting.locator('xpath=following-sibling::dd')).toHaveText(
    counters.totalSignups.toLocaleString('en-GB'),
  );
  // The spec's words, counting every lifetime place (free and £5) with the live count left.
  await expect(page.getByTestId('spots-badge')).toHaveText(
    `550 spots → ${counters.freeSpots + counters.lifetimeSpots} left`,
  );
  const body = await page.locator('body').innerText();
  for (const stale of ['5,000+', '293 left', '$', 'Q3 2025', 'Q4 2025', 'Q1 2026']) {
    expect(body, stale).not.toContain(stale);
  }
});

test('/full-landing is the same pitch with its own title', async ({ page }) => {
  await page.goto('/full-landing');
  await expect(page).toHaveTitle(/Join the algorithm resistance/);
  await expect(page.getByRole('heading', { name: DEMO_TITLE })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('the strike demo starts after about a second, ramps, then shows the rescue', async ({
  page,
  request,
}) => {
  // Before it starts, the counters show their values (and that is what the prerendered page holds).
  const html = await (await request.get('/')).text();
  for (const value of ['-70%', '-45%', '-55%']) expect(html).toContain(value);

  await page.goto('/');
  const demo = page.getByRole('region', { name: DEMO_TITLE });
  const progress = demo.getByRole('progressbar', { name: 'Strike progress' });
  await expect(demo.getByText('Algorithm strike in progress')).toBeVisible();
  await expect(progress).not.toHaveAttribute('aria-valuenow', '100');
  await expect(demo.getByText('Execution complete')).toBeVisible({ timeout: 6000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  // At the end of the ramp every counter has reached its cap.
  for (const [label, cap] of [
    ['Income loss', '-75%'],
    ['View drop', '-50%'],
    ['Reach loss', '-60%'],
  ]) {
    await expect(demo.getByRole('definition').filter({ hasText: cap })).toBeVisible();
    await expect(demo.getByRole('term').filter({ hasText: label })).toBeVisible();
  }
  await expect(demo.getByText('With Ballast, this is where the rescue starts.')).toBeVisible();
  await demo.getByRole('button', { name: /Don.t wait for your strike/i }).click();
  await expect(page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' })).toBeVisible();
});

for (const [width, height] of [
  [390, 844],
  [1366, 768],
] as const) {
  test(`at ${width} px the page stays where the visitor is: scroll 0 for 5 s after load`, async ({
    page,
  }) => {
    await page.clock.install();
    await page.setViewportSize({ width, height });
    await page.addInitScript(() => {
      (window as unknown as { maxScrollY: number }).maxScrollY = 0;
      window.addEventListener('scroll', () => {
        const seen = window as unknown as { maxScrollY: number };
        seen.maxScrollY = Math.max(seen.maxScrollY, window.scrollY);
      });
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(5_000);
    // The demo ran its whole course in those 5 s (its clock is the page's), and nothing moved.
    await expect(page.getByText('Execution complete')).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { maxScrollY: number }).maxScrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  });
}

test('WATCH DEMO brings the demo into view and plays it again; START YOUR BLUEPRINT goes to account creation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const demo = page.getByRole('region', { name: DEMO_TITLE });
  await expect(demo.getByText('Execution complete')).toBeVisible({ timeout: 6000 });
  await expect(page.getByRole('heading', { name: DEMO_TITLE })).not.toBeInViewport();

  await page.getByRole('button', { name: 'WATCH DEMO' }).click();
  await expect(page.getByRole('heading', { name: DEMO_TITLE })).toBeInViewport();
  await expect(demo).toBeFocused();
  // Played from the start again: standby, the strike, then the end.
  await expect(demo.getByText('Algorithm strike in progress')).toBeVisible();
  await expect(demo.getByText('Execution complete')).toBeVisible({ timeout: 6000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'START YOUR BLUEPRINT - £79' }).click();
  await expect(page).toHaveURL(/\/sign-in\?mode=create$/);
});

test('the email typed in the hero is carried into the waitlist dialog', async ({ page }) => {
  await page.goto('/');
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/') && request.method() !== 'GET') calls.push(request.url());
  });
  await page.getByLabel('Your email').fill('creator@ballast.test');
  await page.getByLabel('Your email').press('Enter');
  const dialog = page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email address')).toHaveValue('creator@ballast.test');
  await expect(dialog.getByRole('button', { name: 'SECURE MY SPOT' })).toBeEnabled();
  // Nothing is sent until the visitor confirms in the dialog.
  expect(calls).toEqual([]);
  await page.keyboard.press('Escape');

  // A button elsewhere opens the dialog empty: the hero's address is not carried on by itself.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'GET STARTED' }).click();
  await expect(dialog.getByLabel('Email address')).toHaveValue('');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Join the free waitlist' }).click();
  await expect(dialog.getByLabel('Email address')).toHaveValue('creator@ballast.test');
});

test('Enter in the hero opens one dialog: once it has the address, the hero field is empty and Enter opens no second one', async ({
  page,
}) => {
  await page.goto('/');
  const field = page.getByLabel('Your email');
  await field.fill(uniqueEmail('hero-enter'));
  await field.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' });
  await expect(dialog).toBeVisible();
  // Enter again, now in the dialog's field: the signup goes through and the dialog closes.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  // A third Enter, in the hero again, opens no second dialog (its code is loaded: it would open at once).
  await field.press('Enter');
  await field.press('Enter');
  await expect(field).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The button still opens it, empty, for another address.
  await page.getByRole('button', { name: 'Join the free waitlist' }).click();
  await expect(dialog.getByLabel('Email address')).toHaveValue('');
});

test('each waitlist button, whatever its label, opens the waitlist dialog', async ({ page }) => {
  await page.goto('/');
  const labels = [
    'Join the free waitlist',
    'Protect my income',
    'Claim my spot',
    'Get first access',
    /Don.t wait for your strike/i,
  ];
  await expect(page.getByText('Execution complete')).toBeVisible({ timeout: 6000 });
  // The sections below the demo take over their buttons once the visitor scrolls near them.
  await page.getByRole('region', { name: 'Claim your spot before it’s gone' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('meter').first()).toBeVisible();
  for (const label of labels) {
    await page.getByRole('button', { name: label }).click();
    const dialog = page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('the spots bars read the live counters, with Loading spots... until they arrive', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/waitlist/counters', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const spots = page.getByRole('region', { name: 'Claim your spot before it’s gone' });
  await spots.scrollIntoViewIfNeeded();
  await expect(spots.getByText('Loading spots...')).toBeVisible();
  release();
  const free = spots.getByRole('meter', { name: 'Lifetime free access: spots left' });
  const lifetime = spots.getByRole('meter', { name: 'Lifetime access for £5: spots left' });
  await expect(free).toHaveAttribute('aria-valuemax', '50');
  await expect(lifetime).toHaveAttribute('aria-valuemax', '500');
  const counters = await (await page.request.get('/api/waitlist/counters')).json();
  await expect(free).toHaveAttribute('aria-valuenow', String(counters.freeSpots));
  await expect(lifetime).toHaveAttribute('aria-valuenow', String(counters.lifetimeSpots));
  await expectNoAccessibilityViolations(page);
});

test('the counters are refreshed every 30 seconds', async ({ page }) => {
  await page.clock.install();
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/waitlist/counters')) calls += 1;
  });
  await page.goto('/');
  await page.getByRole('region', { name: 'Claim your spot before it’s gone' }).scrollIntoViewIfNeeded();
  // Each refresh is awaited before the clock moves on: one in flight is never asked for twice.
  const meter = page.getByRole('meter').first();
  await expect(meter).toBeVisible();
  expect(calls).toBe(1);
  for (const expected of [2, 3]) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/waitlist/counters'));
    await page.clock.fastForward(30_000);
    await answered;
    expect(calls).toBe(expected);
  }
});

test('a signed-out visitor never downloads the signed-in app', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Claim my spot' }).scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((url) => url.includes('signed-in-app'))).toBe(false);
  expect(scripts.some((url) => url.includes('waitlist-dialog'))).toBe(false);
});

test('the roadmap calls what already works in the app available, and only future tools keep a release', async ({
  page,
}) => {
  await page.goto('/');
  const roadmap = page.getByRole('region', { name: 'What ships when' });
  await roadmap.scrollIntoViewIfNeeded();
  const groups = roadmap.getByRole('list').first().locator(':scope > li');
  await expect(groups).toHaveCount(2);
  // Each of these has its screen or its alerts in the app today (docs/product/app.md).
  const available = groups.filter({ hasText: 'Available now' });
  for (const name of [
    'Algorithm early-warning alerts',
    'Income health check',
    '30-day monetisation blueprint',
    'Revenue tracker',
    'Analytics screenshot reader',
    'Platform connections',
    'Algorithm change bulletins',
  ]) {
    await expect(available.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  }
  const future = groups.filter({ hasText: 'Third release' });
  await expect(future.getByRole('listitem')).toHaveText([
    'Sponsor rate calculator',
    'Digital product launcher',
    'Creator community',
  ]);
  await expect(page.getByText(/Second release|First access \(waitlist\)/)).toHaveCount(0);
});
