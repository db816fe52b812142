import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  givePaidPlan,
  postAsUser,
  queryDatabase,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';

test('the hero’s £79 button: sign in, then straight to The Blueprint on /subscribe', async ({
  page,
  browser,
}) => {
  // An onboarded account, made elsewhere: this browser is a signed-out visitor.
  const setup = await browser.newContext();
  const { email } = await signUpThroughApi(setup, { isOnboarded: true });
  await setup.close();

  await page.goto('/');
  await page.getByRole('button', { name: 'START YOUR BLUEPRINT - £79' }).click();
  // A visitor here is most likely new: the page opens on account creation, one click from signing in.
  await expect(page).toHaveURL(/\/sign-in\?mode=create$/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/subscribe\?plan=blueprint$/);
  const blueprint = page.getByRole('group', { name: 'The Blueprint' });
  await expect(blueprint).toHaveAttribute('data-chosen', 'true');
  await expect(blueprint.getByRole('button', { name: 'Choose The Blueprint' })).toBeFocused();
  await expectNoAccessibilityViolations(page);
});

test('a new account from the hero onboards first, then lands on the purchase', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'START YOUR BLUEPRINT - £79' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('First name').fill('Maya');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await postAsUser(page.context(), '/api/user/onboarding', {});
  await page.reload();
  await expect(page).toHaveURL(/\/subscribe\?plan=blueprint$/);
});

test('/pricing shows the plans and prices /subscribe sells', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'The Blueprint' })).toContainText('£79 one-time');
  await expect(page.getByRole('group', { name: 'The Guardian' })).toContainText('£29 per month');
  await expect(page.getByRole('group', { name: 'The Mastermind' })).toContainText('£199 per month');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Choose The Guardian' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('without a plan, weeks 2–4 are locked and say which plan opens them', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/blueprints', {});
  await page.goto('/blueprint');
  const week2 = page.getByTestId('week-card-2');
  await expect(week2).toContainText('opens with The Blueprint');
  await expect(week2.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('week-card-1').getByRole('checkbox').first()).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Mark week complete' }).click();
  // Progress is the share of all tasks ticked: week 1's tasks now, the locked weeks' still to come.
  await expect(page.getByText(/^\d+% complete$/)).not.toHaveText('0% complete');
  await expect(page.getByRole('button', { name: 'Mark week complete' })).toBeDisabled();
  await week2.getByRole('link', { name: 'Choose The Blueprint' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=blueprint$/);
});

test('a proven free waitlist place shows as Lifetime · The Guardian, with live alerts', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('early');
  // The place was taken and kept on the waitlist before the account existed (positions 1–50 are free).
  await queryDatabase(
    `INSERT INTO waitlist_signups (email, position, tier, signup_source, confirmed_at)
     VALUES ($1, (SELECT coalesce(max(position), 0) + 100000 FROM waitlist_signups), 'free', 'landing', now())`,
    [email],
  );
  await signUpThroughApi(context, { email, isOnboarded: true });
  await page.goto('/settings');
  await expect(page.getByTestId('account-plan')).toHaveText('No plan yet');

  await queryDatabase('UPDATE users SET email_verified = true WHERE email = $1', [email]);
  const streaming = page.waitForResponse((response) => response.url().endsWith('/api/alerts/stream'));
  await page.goto('/');
  expect((await streaming).status()).toBe(200);
  await page.goto('/settings');
  await expect(page.getByTestId('account-plan')).toHaveText('Lifetime · The Guardian');
  await page.goto('/subscribe');
  await expect(page.getByTestId('current-plan')).toHaveText('Lifetime · The Guardian');
});

const WALK_THROUGH = [
  { plan: 'none', label: 'No plan yet', locks: ['realTimeAlerts', 'fullBlueprint', 'strategyReview'] },
  { plan: 'blueprint', label: 'The Blueprint', locks: ['realTimeAlerts', 'strategyReview'] },
  { plan: 'guardian', label: 'The Guardian', locks: ['strategyReview'] },
  { plan: 'mastermind', label: 'The Mastermind', locks: [] },
] as const;

const LOCK_TEXT = {
  realTimeAlerts: 'Real-time alerts: opens with The Guardian.',
  fullBlueprint: 'The full 30-day blueprint (weeks 2–4): opens with The Blueprint.',
  strategyReview: 'The monthly strategy review: opens with The Mastermind.',
} as const;

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Runs `check` on the page as it is at each size, the axe pass included. */
async function atEverySize(page: Page, check: (size: string) => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await check(viewport.name);
    await expectNoAccessibilityViolations(page);
  }
}

for (const { plan, label, locks } of WALK_THROUGH) {
  test(`${label}: the dashboard, blueprint and plan page say what it opens, on desktop and phone`, async ({
    page,
    context,
  }) => {
    const { email } = await signUpThroughApi(context, { isOnboarded: true });
    await givePaidPlan(email, plan);
    await postAsUser(context, '/api/blueprints', {});

    await page.goto('/');
    await atEverySize(page, async (size) => {
      await expect(page.getByTestId('strategy-review')).toBeVisible();
      // Week 1 is open to everyone: the blueprint's lock shows on the blueprint page.
      for (const feature of ['realTimeAlerts', 'strategyReview'] as const) {
        const isLocked = (locks as readonly string[]).includes(feature);
        await expect(
          page.getByText(LOCK_TEXT[feature]).first(),
          `${feature} on the dashboard (${size})`,
        ).toHaveCount(isLocked ? 1 : 0);
      }
    });

    await page.goto('/blueprint');
    const isBlueprintLocked = (locks as readonly string[]).includes('fullBlueprint');
    await atEverySize(page, async (size) => {
      await expect(page.getByTestId('week-card-4')).toBeVisible();
      await expect(page.getByText(LOCK_TEXT.fullBlueprint).first()).toHaveCount(isBlueprintLocked ? 1 : 0);
      const lastWeekTasks = await page.getByTestId('week-card-4').getByRole('checkbox').count();
      expect(lastWeekTasks > 0, `week 4 has its tasks (${size})`).toBe(!isBlueprintLocked);
    });

    await page.goto('/subscribe');
    await atEverySize(page, async () => {
      await expect(page.getByTestId('current-plan')).toHaveText(label);
    });
  });
}

test('a Mastermind asks for the monthly strategy review from the dashboard', async ({ page, context }) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await givePaidPlan(email, 'mastermind');
  await page.goto('/');
  await page.getByRole('button', { name: 'Ask for this month’s review' }).click();
  await expect(page.getByRole('button', { name: 'Requested' })).toBeDisabled();
});
