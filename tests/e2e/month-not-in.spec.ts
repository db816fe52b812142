import { addDays, londonDate, monthsBefore } from '../../common/calendar';
import { expect, postAsUser, queryDatabase, signUpThroughApi, test } from './fixtures';

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

/** A "not recorded yet" reminder for last month's AdSense, as the scan raises it (notRecordedAlert). */
async function remindOfLastMonth(email: string) {
  await queryDatabase(
    `INSERT INTO alerts (user_id, severity, platform, title, description, cause, at_stake_pence)
     SELECT id, 'low', 'youtube', 'YouTube Ads: ' || $2 || ' not recorded yet', 'Nothing from YouTube Ads is recorded.',
       'revenue:youtube_ads:not-recorded:' || $3, 150000 FROM users WHERE email = $1`,
    [email, 'Last month', monthBack(1)],
  );
}

test("a reminder's 'Add it' opens the Add form on the month's last day at its usual amount", async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await remindOfLastMonth(email);

  await page.goto('/');
  const reminder = page.getByTestId('alert').filter({ hasText: 'not recorded yet' });
  await reminder.getByRole('link', { name: 'Add it' }).click();
  await expect(page).toHaveURL(/\/dashboard\?add=youtube_ads&date=\d{4}-\d{2}-\d{2}&amount=1500\.00$/);
  const form = page.getByRole('form', { name: 'Add revenue' });
  await expect(form.getByLabel('Source')).toHaveValue('youtube_ads');
  await expect(form.getByLabel('Date')).toHaveValue(addDays(`${monthBack(0)}-01`, -1));
  await expect(form.getByLabel(/^Amount/)).toHaveValue('1500.00');
});

test("a reminder's 'It was £0 this month' records the month as nothing and puts the reminder away", async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { isOnboarded: true });
  await remindOfLastMonth(email);

  await page.goto('/');
  const card = page.getByTestId('alerts-card');
  await card.getByRole('button', { name: 'It was £0 this month' }).click();
  await expect(card.getByTestId('alert')).toHaveCount(0);
  const [entry] = await queryDatabase<{ amount: string; date: string; description: string }>(
    `SELECT amount, to_char(date, 'YYYY-MM-DD') AS date, description FROM revenue_entries
     WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
    [email],
  );
  expect(entry).toEqual({
    amount: '0.00',
    date: addDays(`${monthBack(0)}-01`, -1),
    description: 'Nothing this month',
  });
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
