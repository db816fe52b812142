import type { BrowserContext } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  givePaidPlan,
  postAsUser,
  signInWithEmailLinkThroughApi,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';
import { E2E_OPERATOR_EMAIL } from './operator';

/** The e2e server's operator: the console opens to a session started from their inbox (decision 030). */
async function signInAsOperator(context: BrowserContext) {
  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
}

test('an operator publishes a bulletin and a creator on that platform sees it on their dashboard', async ({
  browser,
  page,
  context,
}) => {
  // A creator on TikTok, with their dashboard open.
  const creatorContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.1' } });
  const creatorPage = await creatorContext.newPage();
  const creator = await signUpThroughApi(creatorContext);
  // Bulletins come with The Guardian.
  await givePaidPlan(creator.email, 'guardian');
  await postAsUser(creatorContext, '/api/user/onboarding', { platforms: ['tiktok'] });
  await creatorPage.goto('/');
  await expect(creatorPage.getByTestId('alerts-card')).toContainText('ALL CLEAR');

  await signInAsOperator(context);
  // No creator onboarding is needed to run the console.
  await page.goto('/');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Waitlist signups' }).or(page.getByText('No signups match.')),
  ).toBeVisible();

  await page.getByRole('tab', { name: 'Bulletins' }).click();
  await page.getByLabel('Platform').selectOption('tiktok');
  await page.getByLabel('Severity').selectOption('high');
  await page.getByLabel('Title').fill('Tik');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByText('Give the bulletin a title of at least 5 characters.')).toBeVisible();
  await page.getByLabel('Title').fill('TikTok is pushing longer videos');
  await page
    .getByLabel('What changed')
    .fill('Videos over a minute are getting far more of the For You feed this week.');
  await page
    .getByLabel('What to do about it (optional)')
    .fill('Post one longer video for every three short ones.');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByLabel('Preview')).toContainText('TikTok is pushing longer videos');
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: /^Publish to \d+ creators? on TikTok$/ }).click();
  await expectToast(page, 'Bulletin Published');
  await expect(page.getByRole('region', { name: 'Published' })).toContainText(
    'TikTok is pushing longer videos',
  );

  // Live on the creator's open dashboard.
  const alert = creatorPage.getByTestId('alerts-card').getByTestId('alert');
  await expect(alert.filter({ hasText: 'TikTok is pushing longer videos' })).toBeVisible();
  await expect(alert.filter({ hasText: 'TikTok is pushing longer videos' })).toContainText(
    'Post one longer video',
  );

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Operator actions' })).toContainText('Published a bulletin');
  await creatorContext.close();
});

test('the console is not there for a creator', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'PAGE NOT FOUND' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Console' }),
  ).toHaveCount(0);
  const api = await context.request.get('/api/admin/waitlist');
  expect(api.status()).toBe(404);
});

test('an operator grants a complimentary plan from the Users tab, and it is in the audit log', async ({
  browser,
  page,
  context,
}) => {
  const creatorContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.2' } });
  const creator = await signUpThroughApi(creatorContext, { email: uniqueEmail('comp') });
  await creatorContext.close();

  await signInAsOperator(context);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Email contains').fill(creator.email.split('@')[0]!);
  await page.getByRole('button', { name: 'Search' }).click();
  const account = page.getByTestId('account-match').filter({ hasText: creator.email });
  await expect(account).toContainText('No plan yet');
  await expectNoAccessibilityViolations(page);

  await account.getByLabel('Complimentary plan').selectOption('guardian');
  await account.getByLabel('Reason').fill('Partner channel pilot');
  await account.getByRole('button', { name: 'Save plan' }).click();
  await expectToast(page, 'Plan Updated');
  await expect(account).toContainText('The Guardian (complimentary)');
  await expect(account).not.toContainText('· complimentary');
  await account.getByRole('button', { name: 'Show payments' }).click();
  await expect(account).toContainText('No payments.');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Operator actions' })).toContainText(
    'Granted a complimentary plan',
  );
});

test('the Users tiles and recent sign-ups are current after a grant, and after a sign-up while another tab was open', async ({
  browser,
  page,
  context,
}) => {
  const creatorContext = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.77.0.3' } });
  const creator = await signUpThroughApi(creatorContext, { email: uniqueEmail('tiles') });

  await signInAsOperator(context);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  const recent = page.getByRole('table', { name: 'Recent sign-ups' });
  const creatorRow = recent.getByRole('row').filter({ hasText: creator.email });
  await expect(creatorRow).toContainText('No plan');
  // The tile for The Guardian (absent while no account has it).
  const guardianTile = page
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: /^The Guardian$/ }) })
    .getByRole('definition');
  const guardiansBefore = (await guardianTile.count()) === 0 ? 0 : Number(await guardianTile.innerText());

  await page.getByLabel('Email contains').fill(creator.email.split('@')[0]!);
  await page.getByRole('button', { name: 'Search' }).click();
  const account = page.getByTestId('account-match').filter({ hasText: creator.email });
  await account.getByLabel('Complimentary plan').selectOption('guardian');
  await account.getByLabel('Reason').fill('Tiles follow the grant');
  await account.getByRole('button', { name: 'Save plan' }).click();
  await expectToast(page, 'Plan Updated');
  // No reload: the tiles and the table follow the grant.
  await expect(creatorRow).toContainText('The Guardian');
  await expect(async () => {
    expect(Number(await guardianTile.innerText())).toBeGreaterThan(guardiansBefore);
  }).toPass();

  // A sign-up while the operator looks at another tab is there when they come back to Users.
  await page.getByRole('tab', { name: 'Waitlist' }).click();
  const later = await signUpThroughApi(creatorContext, { email: uniqueEmail('later') });
  await creatorContext.close();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(recent).toContainText(later.email);
});
