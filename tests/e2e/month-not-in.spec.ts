import { londonDate, monthsBefore } from '../../common/calendar';
import { expect, postAsUser, signUpThroughApi, test } from './fixtures';

/** 'YYYY-MM' `back` months before this London month. */
const monthBack = (back: number) => monthsBefore(londonDate(new Date()).slice(0, 7), back);

test('a month whose AdSense is not in yet is shown apart, never averaged as £0, on the dashboard and the chart', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  // AdSense and Patreon every month for three months; last month only Patreon so far.
  for (const back of [4, 3, 2]) {
    await postAsUser(context, '/api/revenue', {
      source: 'youtube_ads',
      amount: '1500',
      date: `${monthBack(back)}-15`,
    });
    await postAsUser(context, '/api/revenue', {
      source: 'memberships',
      amount: '600',
      date: `${monthBack(back)}-15`,
    });
  }
  await postAsUser(context, '/api/revenue', {
    source: 'memberships',
    amount: '600',
    date: `${monthBack(1)}-15`,
  });

  await page.goto('/');
  const income = page.getByTestId('monthly-income');
  await expect(income).toContainText('£2,100 a month');
  await expect(income.getByTestId('month-not-in')).toHaveText(
    /^[A-Z][a-z]+: YouTube Ads not (in|recorded) yet, usually £1,500 by /,
  );

  await page.goto('/dashboard');
  const chart = page.getByTestId('monthly-chart');
  await expect(chart.locator('figcaption')).toContainText('(not all in): £600, about £1,500 not in yet');
  await expect(chart).toContainText('(not all in)');
});

test('a bookmark of /dashboard opened signed out offers the way in, and returns there after signing in', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await context.clearCookies();

  const response = await page.goto('/dashboard');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in to see your dashboard' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Revenue Tracker' })).toBeVisible();
});
