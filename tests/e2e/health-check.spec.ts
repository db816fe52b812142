import { formatMonthSpan, londonDate } from '../../common/calendar';
import { lastThreeCompleteMonths, lumpyYear, lumpyYearCsv } from '../support/lumpy-year';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  postAsUser,
  signUpThroughApi,
  test,
} from './fixtures';

/** A day in last month: the monthly income counts complete months only. */
function dayLastMonth(): string {
  const date = new Date(`${londonDate(new Date()).slice(0, 7)}-10T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

const answers = {
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'Cooking',
  currentStreams: ['ad_revenue'],
  biggestChallenge: 'algorithm',
  hasAnalytics: false,
};

test('a creator runs the health check: what it reads, the 3 s wait, the result, and a re-run', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/user/onboarding', answers);
  await postAsUser(context, '/api/revenue', { source: 'youtube_ads', amount: '3000', date: dayLastMonth() });
  await page.goto('/health-check');

  // The first state says what the check will read and what the creator has given.
  const empty = page.getByTestId('health-empty');
  await expect(empty.getByRole('heading', { name: 'See how exposed your income is' })).toBeVisible();
  await expect(page.getByTestId('health-inputs')).toContainText(
    `1 revenue entry from 1 source in ${formatMonthSpan(dayLastMonth().slice(0, 7), dayLastMonth().slice(0, 7))}: £3,000 a month.`,
  );
  await expect(page.getByTestId('health-inputs')).toContainText('Your answers: YouTube; 1 income stream');
  await expectNoAccessibilityViolations(page);

  // Running: the four check lines show, and the request waits about 3 seconds.
  const posted = page.waitForRequest(
    (request) => request.url().endsWith('/api/health-check') && request.method() === 'POST',
  );
  const clickedAt = Date.now();
  await page.getByRole('button', { name: 'Run health check' }).click();
  const running = page.getByTestId('health-running');
  await expect(running.getByRole('listitem')).toHaveCount(4);
  await expect(running).toContainText('Measuring algorithm dependency');
  await posted;
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2900);
  await expectToast(page, 'Health Check Complete');
  // Focus moves to the result the run produced, not to the top of the page.
  await expect(page.getByRole('heading', { level: 2, name: 'Overall score' })).toBeFocused();

  // Only YouTube ads: docs/scoring.md's first worked case.
  const result = page.getByTestId('health-result');
  await expect(page.getByTestId('overall-score')).toHaveText('2');
  await expect(result.getByText('High Risk').first()).toBeVisible();
  await expect(result.getByRole('progressbar', { name: 'Platform risk' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(result.getByRole('progressbar', { name: 'Diversification' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(result.getByRole('progressbar', { name: 'Resilience' })).toHaveAttribute(
    'aria-valuenow',
    '10',
  );
  await expect(page.getByTestId('algorithm-dependency')).toContainText('100%');
  await expect(page.getByTestId('algorithm-dependency')).toContainText('Critical');
  // One complete month recorded: £3,000 a month, 40% of it at risk.
  await expect(page.getByTestId('income-at-risk')).toContainText('£1,200 a month');
  await expect(page.getByTestId('income-at-risk')).toContainText("if YouTube's reach fell 40%");
  // A score beside money, each saying what it is: 100 here is not 100% of the income.
  const sideBySide = page.getByRole('region', { name: 'Platform risk and income at risk' });
  await expect(sideBySide.getByTestId('platform-risk')).toContainText('100/100');
  await expect(sideBySide.getByTestId('platform-risk')).toContainText('0 = no risk, 100 = all at risk');
  await expect(sideBySide.getByTestId('platform-risk')).toContainText('A score, not a share of your income');
  await expect(sideBySide.getByTestId('income-at-risk')).toContainText('Money, not a score');
  await expect(result).toContainText('0 = fully exposed, 100 = fully protected');
  await expect(page.getByTestId('health-basis')).toHaveText(
    'Based on your revenue of the last three months whose money is all in; a month counts once it is.',
  );
  // The books panel's notes are a list too: the recommendations are their own region.
  const recommendations = result.getByRole('region', { name: 'Recommendations' }).getByRole('listitem');
  // In order of the pounds at stake: all £3,000 in one stream puts £1,800 above the 40% line, more
  // than the £1,200 a 40% fall in YouTube's reach would take.
  await expect(recommendations.first()).toContainText('high priority');
  await expect(recommendations.first()).toContainText('Spread your income across more streams');
  await expect(recommendations.first()).toContainText('£1,800 a month at stake');
  await expect(recommendations.nth(1)).toContainText('Reduce your dependence on YouTube');
  await expect(recommendations.nth(1)).toContainText('£1,200 a month at stake');
  await expect(page.getByRole('link', { name: 'Get your AI blueprint' })).toHaveAttribute(
    'href',
    '/blueprint',
  );
  await expectNoAccessibilityViolations(page);

  // New revenue, then re-run: a better score, and a history of two.
  await postAsUser(context, '/api/revenue', { source: 'courses', amount: '3000', date: dayLastMonth() });
  await page.getByRole('button', { name: 'Re-run analysis' }).click();
  await expect(page.getByTestId('health-running')).toBeVisible();
  await expectToast(page, 'Health Check Complete');
  await expect(page.getByTestId('overall-score')).not.toHaveText('2');
  await expect(page.getByTestId('score-history')).toContainText('2 on');

  // The dashboard's cards read the result; the get-started checklist is gone.
  await page.goto('/');
  await expect(page.getByTestId('health-card')).toContainText('/100 overall health');
  await expect(page.getByTestId('get-started')).toHaveCount(0);
});

test('a failed run shows the failure toast and returns to the screen', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.route('**/api/health-check', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 429, json: { error: 'RATE_LIMITED', message: 'Too many requests.' } })
      : route.fallback(),
  );
  await page.goto('/health-check');
  await page.getByRole('button', { name: 'Run health check' }).click();
  await expectToast(page, 'Health Check Failed: Please try again later.');
  await expect(page.getByRole('button', { name: 'Run health check' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Health check' })).toBeFocused();
});

test('with no revenue, the result says it used the onboarding answers', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/user/onboarding', answers);
  await page.goto('/health-check');
  await expect(page.getByTestId('health-inputs')).toContainText(
    'No revenue recorded in the last three complete months: your onboarding answers stand in.',
  );
  await page.getByRole('button', { name: 'Run health check' }).click();
  await expectToast(page, 'Health Check Complete');
  await expect(page.getByTestId('health-basis')).toHaveText(
    'No revenue recorded in the last three complete months: based on the income streams from your onboarding answers.',
  );
  await expect(page.getByTestId('health-result')).toContainText('Record your revenue');
});

test('a creator with a lumpy year and a half-entered month sees one monthly income, and a history from her first real check', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await postAsUser(context, '/api/user/onboarding', answers);
  // The onboarding estimate minutes before the import is not where her history starts.
  await postAsUser(context, '/api/health-check', {});
  const today = londonDate(new Date());
  const entries = lumpyYear(today);
  await postAsUser(context, '/api/revenue/import', { csv: lumpyYearCsv(entries) });
  const expected = lastThreeCompleteMonths(entries, today);
  const span = formatMonthSpan(expected.months[0]!, expected.months[2]!);
  const perMonth = `£${Math.round(expected.pencePerMonth / 100).toLocaleString('en-GB')}`;

  await page.goto('/health-check');
  await page.getByRole('button', { name: 'Re-run analysis' }).click();
  await expectToast(page, 'Health Check Complete');
  await expect(page.getByTestId('income-at-risk')).toContainText(`from ${perMonth} a month, ${span}.`);
  // One real check so far: no history line from the estimate.
  await expect(page.getByTestId('score-history')).toHaveCount(0);
});
