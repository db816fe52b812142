import type { Page } from '@playwright/test';
import type { Blueprint } from '../../common/blueprints';
import { formatMonthSpan, londonDate, monthName } from '../../common/calendar';
import type { HealthCheck } from '../../common/health-check';
import { lastThreeCompleteMonths, lumpyYear, lumpyYearCsv } from '../support/lumpy-year';
import {
  expect,
  expectNoAccessibilityViolations,
  givePaidPlan,
  markScanned,
  postAsUser,
  signUpThroughApi,
  test,
} from './fixtures';

const HOUR = 60 * 60 * 1000;

/** Health checks, blueprints and alerts arrive with later features; until then their calls are stood in for here. */
async function standIn(page: Page, path: string, body: unknown) {
  await page.route(`**${path}`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) })
      : route.fallback(),
  );
}

test('a new creator sees the welcome, shortcuts, empty cards and the get-started checklist', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { firstName: 'Maya', isOnboarded: true });
  await page.goto('/');
  // Nothing recorded yet: welcomed, not welcomed back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maya');
  await expect(page.getByTestId('monthly-income')).toContainText('£0 a month');
  await expect(page.getByTestId('monthly-income')).toContainText('No complete month recorded yet');

  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  for (const href of ['/health-check', '/blueprint', '/dashboard', '/subscribe']) {
    await expect(shortcuts.locator(`a[href="${href}"]`)).toHaveCount(1);
  }

  // The health, blueprint and alerts endpoints answer 404 until their features land: empty states, no errors.
  await expect(page.getByTestId('health-card')).toContainText('No health check yet.');
  await expect(page.getByTestId('blueprint-card')).toContainText('No active blueprint.');
  await expect(page.getByTestId('revenue-card')).toContainText(
    'No revenue entries yet. Start tracking your income!',
  );
  // No revenue and no platforms: nothing is watched, so 'ALL CLEAR' would promise what nobody checked.
  await expect(page.getByTestId('alerts-card')).toContainText('NOTHING TO WATCH YET');
  await expect(page.getByTestId('alerts-card')).not.toContainText('ALL CLEAR');
  await expect(page.getByRole('region', { name: 'At a glance' })).toContainText('—');
  const checklist = page.getByTestId('get-started');
  await expect(checklist).toBeVisible();
  await expect(checklist.getByRole('link', { name: /Run your health check/ })).toHaveAttribute(
    'href',
    '/health-check',
  );
  await expectNoAccessibilityViolations(page);
});

test("without a first name the welcome says 'Creator'", async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Creator');
});

test('a creator with data is welcomed back, and all clear means their revenue is watched', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { firstName: 'Ola', isOnboarded: true });
  await postAsUser(context, '/api/revenue', {
    source: 'courses',
    amount: '250',
    date: londonDate(new Date()),
  });
  // The scan has looked at the new entry (as the planner's next run leaves it): all clear, not checking.
  await markScanned(email);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Ola');
  await expect(page.getByTestId('alerts-card')).toContainText('ALL CLEAR');
  await expect(
    page.getByTestId('revenue-card').getByRole('heading', { name: 'Recent Revenue' }),
  ).toBeVisible();
  // Each name in the bar says what it opens: the overview here, the revenue tracker there.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/');
  await nav.getByRole('link', { name: 'Revenue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the cards show revenue, the health score band, the blueprint week and the latest alerts', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  // Progress past the first week comes with a plan.
  await givePaidPlan(email, 'guardian');
  // Dated last month: the monthly income counts complete months only.
  const lastMonth = new Date(`${londonDate(new Date()).slice(0, 7)}-01T00:00:00Z`);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const today = lastMonth.toISOString().slice(0, 10);
  for (const [index, source] of [
    'youtube_ads',
    'courses',
    'coaching',
    'speaking',
    'merchandise',
    'other',
  ].entries()) {
    await postAsUser(context, '/api/revenue', { source, amount: `${index + 1}00`, date: today });
  }
  // The real health check and blueprint, as the creator would have made them.
  const check = (await postAsUser(context, '/api/health-check', {})) as HealthCheck;
  const plan = (await postAsUser(context, '/api/blueprints', {})) as Blueprint;
  const baseUrl = process.env.E2E_BASE_URL!;
  const progressed = await context.request.patch(`${baseUrl}/api/blueprints/${plan.id}/progress`, {
    data: { progress: 30 },
    headers: { origin: baseUrl },
  });
  expect(progressed.ok()).toBe(true);
  const week2 = plan.steps[1]!;
  const now = Date.now();
  const ages = [
    10 * 60 * 1000,
    3 * HOUR,
    2 * 24 * HOUR,
    10 * 24 * HOUR,
    11 * 24 * HOUR,
    12 * 24 * HOUR,
    13 * 24 * HOUR,
  ];
  const severities = ['critical', 'high', 'medium', 'info', 'low', 'high', 'high'];
  await standIn(page, '/api/alerts', {
    nextCursor: null,
    checks: { lastCheckedAt: new Date(Date.now() - 60_000).toISOString(), nextCheckAt: null },
    alerts: ages.map((age, index) => ({
      id: `a${index}`,
      severity: severities[index],
      platform: index % 2 ? 'tiktok' : 'youtube',
      title: `Alert number ${index + 1}`,
      description: '',
      impactDescription: null,
      mitigationStrategy: null,
      createdAt: new Date(now - age).toISOString(),
    })),
  });

  await page.goto('/');
  await expect(page.getByTestId('monthly-income')).toContainText('£2,100 a month');
  await expect(page.getByTestId('month-revenue')).toContainText('so far £0');
  // Six sources, mostly owned or off-platform: a low platform risk (docs/scoring.md's formulas).
  expect(check.platformRiskScore).toBe(16);
  const glance = page.getByRole('region', { name: 'At a glance' });
  await expect(glance).toContainText('16/100');
  await expect(glance).toContainText('Low Risk');
  await expect(glance).toContainText('0 = no risk, 100 = all at risk');
  await expect(glance).toContainText('6');

  const health = page.getByTestId('health-card');
  await expect(health.getByTestId('health-card-score')).toHaveText(String(check.overallScore));
  await expect(health).toContainText('Low Risk');
  await expect(health).toContainText('Platform risk 16/100');
  // Each score says which way is good: risk rises as things worsen, health falls.
  await expect(health).toContainText('0 = no risk, 100 = all at risk');
  await expect(health).toContainText('0 = fully exposed, 100 = fully protected');
  await expect(page.getByTestId('get-started')).toHaveCount(0);

  const blueprint = page.getByTestId('blueprint-card');
  await expect(blueprint).toContainText(`Week 2: ${week2.title}`);
  await expect(blueprint.getByRole('listitem')).toHaveText(week2.tasks.slice(0, 3));
  if (week2.tasks.length > 3) await expect(blueprint).toContainText(`+${week2.tasks.length - 3} more`);

  await expect(page.getByTestId('revenue-card').getByRole('listitem')).toHaveCount(5);

  const alerts = page.getByTestId('alerts-card');
  await expect(alerts.getByTestId('alert')).toHaveCount(5);
  await expect(alerts.getByTestId('alert').nth(0)).toContainText('critical');
  await expect(alerts.getByTestId('alert').nth(0)).toContainText('10 minutes ago');
  await expect(alerts.getByTestId('alert').nth(1)).toContainText('3 hours ago');
  await expect(alerts.getByTestId('alert').nth(2)).toContainText('2 days ago');
  await expect(alerts.getByTestId('alert').nth(3)).toContainText('low');
  await expect(alerts.getByTestId('alert').nth(3)).toContainText(
    new Date(now - ages[3]!).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/London',
    }),
  );
  await expectNoAccessibilityViolations(page);
  await alerts.getByRole('button', { name: 'View all 7 alerts' }).click();
  await expect(alerts.getByTestId('alert')).toHaveCount(7);
});

test("alerts say 'Loading alerts...' until they arrive", async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/alerts', async (route) => {
    await released;
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        alerts: [],
        nextCursor: null,
        checks: { lastCheckedAt: null, nextCheckAt: null },
      }),
    });
  });
  await page.goto('/');
  await expect(page.getByTestId('alerts-card')).toContainText('Loading alerts...');
  release();
  await expect(page.getByTestId('alerts-card')).toContainText('NOTHING TO WATCH YET');
});

test('with a lumpy year and a half-entered month, the dashboard states the monthly income of complete months and overall health big', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const today = londonDate(new Date());
  const entries = lumpyYear(today);
  await postAsUser(context, '/api/revenue/import', { csv: lumpyYearCsv(entries) });
  const check = (await postAsUser(context, '/api/health-check', {})) as HealthCheck;
  const expected = lastThreeCompleteMonths(entries, today);
  const soFar = entries
    .filter((entry) => entry.date.startsWith(today.slice(0, 7)))
    .reduce((sum, entry) => sum + Number(entry.amount), 0);

  await page.goto('/');
  const income = page.getByTestId('monthly-income');
  await expect(income).toContainText(
    `£${Math.round(expected.pencePerMonth / 100).toLocaleString('en-GB')} a month`,
  );
  await expect(income).toContainText(`${formatMonthSpan(expected.months[0]!, expected.months[2]!)} average`);
  await expect(page.getByTestId('month-revenue')).toHaveText(
    `${monthName(today.slice(0, 7))} so far £${soFar.toLocaleString('en-GB')}`,
  );
  const health = page.getByTestId('health-card');
  await expect(health.getByTestId('health-card-score')).toHaveText(String(check.overallScore));
  await expect(health).toContainText(`Platform risk ${check.platformRiskScore}/100`);
});
