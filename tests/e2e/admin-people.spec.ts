import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  signInWithEmailLinkThroughApi,
  test,
  uniqueEmail,
  visitorAddress,
} from './fixtures';
import { E2E_OPERATOR_EMAIL } from './operator';

// "I never got my confirmation": the operator finds the person from the Waitlist tab, sees every
// email sent to them, sends the welcome again, and the audit log names and links them (issue 55).

test('each console tab has its own address, and the browser’s back button goes back a tab', async ({
  page,
  context,
}) => {
  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await page.goto('/admin/deliveries');
  await expect(page.getByRole('tab', { name: 'Deliveries' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Emails to one address' })).toBeVisible();

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByLabel('Action', { exact: true })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/deliveries$/);
  await expect(page.getByRole('tab', { name: 'Deliveries' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'Waitlist' })).toHaveAttribute('aria-selected', 'true');
});

test('an operator opens a person from the Waitlist tab, sends their welcome again, and the audit log links back to them', async ({
  browser,
  page,
  context,
}) => {
  const email = uniqueEmail('never-got-it');
  const visitor = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() } });
  const joined = await visitor.request.post('/api/waitlist/signup', {
    data: { email, signupSource: 'landing' },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  expect(joined.ok()).toBe(true);
  await visitor.close();

  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await page.goto('/admin/waitlist');
  await page.getByLabel('Search by email').fill(email);
  await page.getByRole('table', { name: 'Waitlist signups' }).getByRole('link', { name: email }).click();

  await expect(page).toHaveURL(`/admin/people?email=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible();
  const place = page.getByRole('region', { name: 'Waitlist place' });
  await expect(place).toContainText(/Held until/);
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('No account.');
  const emails = page.getByRole('table', { name: 'Emails sent' });
  await expect(emails.getByRole('row').filter({ hasText: 'waitlist-welcome' })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);

  await emails.getByRole('button', { name: /^Send again/ }).click();
  await expectToast(page, 'Sent Again');
  await expect(emails.getByRole('row').filter({ hasText: 'waitlist-welcome' })).toHaveCount(2);

  // The page is its own address: opened afresh, it shows the same person.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible();

  await page.goto('/admin/audit');
  await page.getByLabel('Action', { exact: true }).selectOption('delivery.resend');
  const log = page.getByRole('table', { name: 'Operator actions' });
  await expect(log).toContainText(`Sent again an email to ${email}`);
  await log.getByRole('link', { name: email }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible();
});
