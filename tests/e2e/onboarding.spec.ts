import { expect, expectNoAccessibilityViolations, expectToast, signUpThroughApi, test } from './fixtures';

test('a new creator answers all four steps, going back on the way, and lands on the health check', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { firstName: 'Maya' });
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);

  // Step 1: platforms, and the primary one from those ticked.
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Step 1 of 4' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  const platforms = page.getByRole('group', { name: 'Which platforms do you create for?' });
  await expect(platforms.getByRole('checkbox')).toHaveCount(8);
  for (const label of ['YouTube', 'Instagram', 'TikTok', 'Twitter', 'Blog', 'Podcast', 'Twitch', 'Other']) {
    await expect(platforms.getByRole('checkbox', { name: label, exact: true })).toBeVisible();
  }
  await expectNoAccessibilityViolations(page);
  await platforms.getByRole('checkbox', { name: 'YouTube' }).check();
  await platforms.getByRole('checkbox', { name: 'TikTok' }).check();
  const primary = page.getByRole('group', { name: 'Which one is your primary platform?' });
  await expect(primary.getByRole('radio')).toHaveCount(2);
  await primary.getByRole('radio', { name: 'TikTok' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2, then back to step 1 and forward again: answers are kept.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await page.getByLabel('What is your content niche?').fill('Home cooking');
  await page.getByRole('radio', { name: '10k-50k' }).check();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(primary.getByRole('radio', { name: 'TikTok' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('What is your content niche?')).toHaveValue('Home cooking');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: income.
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  const revenue = page.getByRole('group', { name: 'Monthly revenue (£)' });
  await expect(revenue.getByRole('radio')).toHaveCount(6);
  await revenue.getByRole('radio', { name: '£1000-5000' }).check();
  const streams = page.getByRole('group', { name: 'Which income streams do you have today?' });
  await expect(streams.getByRole('checkbox')).toHaveCount(8);
  await streams.getByRole('checkbox', { name: 'Ad Revenue' }).check();
  await streams.getByRole('checkbox', { name: 'Course/Coaching' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: goals, then complete.
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'What is your biggest challenge?' }).getByRole('radio'),
  ).toHaveCount(6);
  await page.getByRole('radio', { name: 'Algorithm changes keep cutting my reach' }).check();
  await page.getByRole('radio', { name: 'ASAP (2 weeks)' }).check();
  await page.getByRole('checkbox', { name: /I can open my analytics/ }).check();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/health-check$/);
  await expectToast(page, 'Welcome to Ballast, Maya!');
  const saved = await (await page.request.get('/api/user/onboarding')).json();
  expect(saved.answers).toEqual({
    platforms: ['youtube', 'tiktok'],
    primaryPlatform: 'tiktok',
    contentNiche: 'Home cooking',
    audienceSize: '10k-50k',
    monthlyRevenue: '1000-5000',
    currentStreams: ['ad_revenue', 'course_coaching'],
    biggestChallenge: 'algorithm',
    goalTimeframe: 'asap',
    hasAnalytics: true,
  });

  // Later, from the dashboard, the answers can be changed; the wizard opens with them filled in.
  await page.goto('/');
  await page.getByRole('link', { name: 'Update your answers' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('checkbox', { name: 'Instagram', exact: true }).check();
  await page.getByRole('radio', { name: 'Instagram', exact: true }).check();
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('radio', { name: 'ASAP (2 weeks)' })).toBeChecked();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/health-check$/);
  await expectToast(page, 'Answers Updated');
  const updated = await (await page.request.get('/api/user/onboarding')).json();
  expect(updated.answers.primaryPlatform).toBe('instagram');
  expect([...updated.answers.platforms].sort()).toEqual(['instagram', 'tiktok', 'youtube']);
});

test('unticking the primary platform clears it, and nothing is required to finish', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context);
  await page.goto('/onboarding');
  await page.getByRole('checkbox', { name: 'Blog' }).check();
  await page.getByRole('radio', { name: 'Blog' }).check();
  await page.getByRole('checkbox', { name: 'Blog' }).uncheck();
  await expect(page.getByRole('radio')).toHaveCount(0);
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/health-check$/);
  expect((await (await page.request.get('/api/user/onboarding')).json()).answers.primaryPlatform).toBeNull();
});

test("a refused submission shows 'Onboarding Error' with the message, or the fallback", async ({
  page,
  context,
}) => {
  await signUpThroughApi(context);
  let body = '{"error":"VALIDATION_ERROR","message":"platforms.0: Choose platforms from: youtube."}';
  await page.route('**/api/user/onboarding', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, contentType: 'application/json', body })
      : route.fallback(),
  );
  await page.goto('/onboarding');
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expectToast(page, 'Onboarding Error', 'platforms.0: Choose platforms from: youtube.');
  await expect(page).toHaveURL(/\/onboarding$/);

  body = '';
  await page.getByRole('button', { name: 'Complete' }).click();
  await expectToast(page, 'Onboarding Error', 'Failed to complete onboarding');
});
