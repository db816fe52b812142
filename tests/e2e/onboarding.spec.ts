import type { Page } from '@playwright/test';
import { expect, expectNoAccessibilityViolations, expectToast, signUpThroughApi, test } from './fixtures';

/** The fewest answers the wizard takes: one per question the health check and the blueprint read. */
async function answerEveryStep(page: Page) {
  await page.getByRole('checkbox', { name: 'Blog' }).check();
  await page.getByRole('radio', { name: 'Blog' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: '0-1k' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: '£0' }).check();
  await page.getByRole('checkbox', { name: 'None Yet' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: "I don't know where to start" }).check();
  await page.getByRole('radio', { name: 'Just exploring' }).check();
}

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

  // Step 2, then back to step 1 and forward again: answers are kept. Focus goes to each step's heading.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your content' })).toBeFocused();
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

  // A reload (or a dropped connection) loses nothing: the wizard comes back at step 4, answers kept.
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: '£1000-5000' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Course/Coaching' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('What is your content niche?')).toHaveValue('Home cooking');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: goals, then complete.
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Your goals' })).toBeFocused();
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
  // Focus lands on the screen that follows, not at the top of the document.
  await expect(page.getByRole('heading', { level: 1, name: 'Health check' })).toBeFocused();
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

test('each step says what is missing before moving on; an unticked primary platform is cleared', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context);
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Tick at least one platform you publish on.' }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'YouTube' })).toBeFocused();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('checkbox', { name: 'Blog' }).check();
  await page.getByRole('radio', { name: 'Blog' }).check();
  await page.getByRole('checkbox', { name: 'Blog' }).uncheck();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Podcast' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose your primary platform.' })).toBeVisible();
  await page.getByRole('radio', { name: 'Podcast' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();

  // The niche may stay empty; the audience may not.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText(['Choose how big your audience is.']);
  await page.getByRole('radio', { name: '1k-5k' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText([
    'Choose your monthly revenue, £0 included.',
    'Tick your income streams, or None Yet.',
  ]);
  await page.getByRole('radio', { name: '£0' }).check();
  await page.getByRole('checkbox', { name: 'None Yet' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByRole('alert')).toHaveText([
    'Choose your biggest challenge.',
    'Choose when you want a new income stream.',
  ]);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('radio', { name: 'Growing my audience' }).check();
  await page.getByRole('radio', { name: '90 days' }).check();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/health-check$/);
  const saved = (await (await page.request.get('/api/user/onboarding')).json()).answers;
  expect(saved).toMatchObject({ platforms: ['podcast'], primaryPlatform: 'podcast', contentNiche: null });

  // Completed: the kept answers are gone from the browser, so the next visit starts from the saved ones.
  const stored = await page.evaluate(() => Object.keys(window.localStorage));
  expect(stored.filter((key) => key.startsWith('ballast:onboarding-draft:'))).toEqual([]);
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
  await answerEveryStep(page);
  await page.getByRole('button', { name: 'Complete' }).click();
  await expectToast(page, 'Onboarding Error', 'platforms.0: Choose platforms from: youtube.');
  await expect(page).toHaveURL(/\/onboarding$/);

  body = '';
  await page.getByRole('button', { name: 'Complete' }).click();
  await expectToast(page, 'Onboarding Error', 'Failed to complete onboarding');
});

test('an error clears as soon as its question is answered, and the health check reads the analytics answer', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context);
  await page.goto('/onboarding');
  await page.getByRole('button', { name: 'Next' }).click();
  const platformsError = page.getByRole('alert').filter({ hasText: 'Tick at least one platform' });
  await expect(platformsError).toBeVisible();
  await page.getByRole('checkbox', { name: 'YouTube' }).check();
  await page.getByRole('checkbox', { name: 'Instagram', exact: true }).check();
  await expect(platformsError).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: 'Choose your primary platform.' })).toBeVisible();
  await page.getByRole('radio', { name: 'YouTube' }).check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: '10k-50k' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveCount(2);
  await page.getByRole('radio', { name: '£1000-5000' }).check();
  await expect(page.getByRole('alert')).toHaveText(['Tick your income streams, or None Yet.']);
  await page.getByRole('checkbox', { name: 'Ad Revenue' }).check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Algorithm changes keep cutting my reach' }).check();
  await page.getByRole('radio', { name: '90 days' }).check();
  await page.getByRole('checkbox', { name: /I can open my analytics/ }).check();
  // A phone reloads the tab after a look at the analytics app: the tick is kept.
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /I can open my analytics/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: '90 days' })).toBeChecked();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/health-check$/);

  await page.getByRole('button', { name: 'Run health check' }).click();
  const result = page.getByTestId('health-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  await expect(result).not.toContainText('do not track your analytics');
  await expect(result).not.toContainText('Check your analytics every week');
});
