import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  givePaidPlan,
  postAsUser,
  signUpThroughApi,
  test,
} from './fixtures';

test('a creator generates a blueprint, works through it week by week, completes it and starts another', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  // Weeks 2–4 come with a plan (plans.spec.ts shows them locked without one); The Guardian also
  // brings a new blueprint as soon as one is done.
  await givePaidPlan(email, 'guardian');
  await postAsUser(context, '/api/user/onboarding', {
    platforms: ['youtube'],
    primaryPlatform: 'youtube',
    contentNiche: 'Cooking',
    currentStreams: ['ad_revenue'],
    biggestChallenge: 'algorithm',
  });
  await page.goto('/blueprint');
  await expect(page.getByRole('heading', { name: 'Get your personalised 30-day plan' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Generate my blueprint' }).click();
  await expectToast(page, 'Blueprint Generated!');
  await expect(page.getByText('0% complete')).toBeVisible();
  // Nothing is known of the creator's income: the low end promises nothing, and the screen says why.
  await expect(page.getByText(/^£0 – £\d/)).toBeVisible();
  await expect(page.getByTestId('projection-basis')).toContainText('no known income');
  await expect(page.getByTestId('written-by')).toHaveText(
    'Planned by Ballast’s planner from your answers and figures.',
  );
  await expect(page.getByRole('link', { name: 'Track revenue on your dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(page.getByText('Let’s get started')).toBeVisible();
  const week = (number: number) => page.getByTestId(`week-card-${number}`);
  await expect(week(1)).toHaveAttribute('aria-current', 'step');
  await expect(week(1).getByRole('heading')).toHaveText('Own your audience: start an email list');
  await expectNoAccessibilityViolations(page);

  // Each week is 25 points, each tick its share of its week's; ticks are saved.
  const tasks = week(1).getByRole('checkbox');
  await expect(tasks).toHaveCount(4);
  for (const index of [0, 1, 2]) {
    // A tick shows through the query cache a moment after the click (after the previous save's refetch is
    // cancelled), so the state is awaited rather than read at the instant `check()` reads it.
    await tasks.nth(index).click();
    await expect(tasks.nth(index)).toBeChecked();
  }
  await expect(page.getByText('18% complete')).toBeVisible();
  await expect(week(1)).toContainText('75%');
  // Three of four ticked: the week is not complete yet.
  await expect(week(1)).toHaveAttribute('aria-current', 'step');
  await page.reload();
  await expect(page.getByText('18% complete')).toBeVisible();
  await expect(week(1).getByRole('checkbox').nth(2)).toBeChecked();

  // 'Mark week complete' ticks the rest of the current week's tasks.
  const markComplete = page.getByRole('button', { name: 'Mark week complete' });
  await markComplete.click();
  await expectToast(page, 'Progress Updated');
  await expect(page.getByText('25% complete')).toBeVisible();
  await expect(week(1).getByRole('checkbox').nth(3)).toBeChecked();
  await expect(week(2)).toHaveAttribute('aria-current', 'step');
  await expect(week(1)).not.toHaveAttribute('aria-current', 'step');
  await expect(week(1)).toContainText('100%');
  await expect(page.getByText('Great start')).toBeVisible();

  await markComplete.click();
  await expect(page.getByText('50% complete')).toBeVisible();
  await expect(week(3)).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Halfway there')).toBeVisible();

  await markComplete.click();
  await expect(page.getByText('75% complete')).toBeVisible();
  await expect(page.getByText('Final stretch')).toBeVisible();
  await markComplete.click();

  const completed = page.getByTestId('completed-panel');
  await expect(completed).toContainText('Blueprint complete!');
  await expect(page.getByRole('heading', { name: 'Completed blueprints' })).toBeVisible();
  await expect(page.getByText(/^Completed \d{1,2} \w+ \d{4}$/)).toBeVisible();

  await page.getByRole('button', { name: 'Generate a new blueprint' }).click();
  await expectToast(page, 'Blueprint Generated!');
  await expect(page.getByText('0% complete')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('a refused generation says it failed', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.route('**/api/blueprints', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: '{"error":"RATE_LIMITED","message":"Too many requests."}',
        })
      : route.fallback(),
  );
  await page.goto('/blueprint');
  await page.getByRole('button', { name: 'Generate my blueprint' }).click();
  await expectToast(page, 'Generation Failed: Please try again later.');
});

test('without a plan, a new blueprint at 0% says to get started, not that one week is left', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/user/onboarding', {
    platforms: ['youtube'],
    primaryPlatform: 'youtube',
    contentNiche: 'Cooking',
    currentStreams: ['ad_revenue'],
    biggestChallenge: 'algorithm',
  });
  await postAsUser(context, '/api/blueprints', {});
  await page.goto('/blueprint');
  await expect(page.getByText('0% complete')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'get started' })).toHaveText(
    'Let’s get started: work through this week’s tasks, then mark the week complete.',
  );
  await expect(page.getByText('Final stretch')).toHaveCount(0);
});
