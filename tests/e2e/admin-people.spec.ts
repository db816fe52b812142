import type { BrowserContext } from '@playwright/test';
import { FAKE_STRIPE_KEYS } from '../support/stripe-server';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  postAsUser,
  signInWithEmailLinkThroughApi,
  signUpThroughApi,
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
  await expect(emails.getByRole('row').filter({ hasText: 'Waitlist welcome' })).toHaveCount(1);
  await expectNoAccessibilityViolations(page);

  await emails.getByRole('button', { name: /^Send again/ }).click();
  await expectToast(page, 'Sent Again');
  await expect(emails.getByRole('row').filter({ hasText: 'Waitlist welcome' })).toHaveCount(2);

  // The page is its own address: opened afresh, it shows the same person.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible();

  await page.goto('/admin/audit');
  await page.getByLabel('Action', { exact: true }).selectOption('delivery.resend');
  const log = page.getByRole('table', { name: 'Operator actions' });
  await expect(log).toContainText(`Resent an email to ${email}`);
  await log.getByRole('link', { name: email }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: email })).toBeVisible();
});

/** Pays for The Blueprint as the payment form would: the PaymentIntent confirmed with Stripe's test card. */
async function buyBlueprint(context: BrowserContext) {
  const { clientSecret } = (await postAsUser(context, '/api/create-subscription', { plan: 'blueprint' })) as {
    clientSecret: string;
  };
  const intentId = clientSecret.split('_secret_')[0]!;
  const confirmed = await fetch(`${process.env.E2E_STRIPE_API_URL}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${FAKE_STRIPE_KEYS.secretKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ payment_method: 'pm_card_visa' }),
  });
  expect(confirmed.status).toBe(200);
}

test('a refund asks for confirmation and a reason before Stripe is asked', async ({
  browser,
  page,
  context,
}) => {
  const creatorContext = await browser.newContext({
    extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
  });
  const creator = await signUpThroughApi(creatorContext, { email: uniqueEmail('refund'), isOnboarded: true });
  await buyBlueprint(creatorContext);
  await creatorContext.close();

  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await page.goto(`/admin/people?email=${encodeURIComponent(creator.email)}`);
  const account = page.getByRole('region', { name: 'Account' });
  await account.getByRole('button', { name: 'Show payments' }).click();
  await account.getByRole('button', { name: 'Refund £79' }).click();

  const dialog = page.getByRole('dialog', { name: `Refund £79 to ${creator.email}?` });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(account.getByRole('button', { name: 'Refund £79' })).toBeVisible();

  await account.getByRole('button', { name: 'Refund £79' }).click();
  await dialog.getByRole('button', { name: 'Refund £79' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why, in a few words.');
  await dialog.getByLabel('Reason (kept in the audit log)').fill('Money-back promise: changed their mind');
  await dialog.getByRole('button', { name: 'Refund £79' }).click();
  await expectToast(page, 'Refunded: the plan goes when Stripe confirms the refund.');
  await expect(account).toContainText('Refunded');

  await page.goto('/admin/audit');
  await expect(page.getByRole('table', { name: 'Operator actions' })).toContainText(
    `Refunded a payment to ${creator.email}`,
  );
  await expect(page.getByRole('table', { name: 'Operator actions' })).toContainText(
    'reason: Money-back promise: changed their mind',
  );
});
