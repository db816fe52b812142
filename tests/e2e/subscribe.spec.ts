import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { readEmbeddedDatabaseUrl } from '../support/embedded-database';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { sendStripeEvent } from '../support/stripe-server';
import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  queryDatabase,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';

const STRIPE_JS_STAND_IN = readFile(
  path.join(import.meta.dirname, '../support/stripe-js-stand-in.js'),
  'utf8',
);

/** Serves the stand-in for Stripe.js and counts the page's requests for it. */
async function routeStripeJs(page: Page) {
  const requested: string[] = [];
  const body = await STRIPE_JS_STAND_IN;
  await page.route('https://js.stripe.com/**', (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body });
  });
  return requested;
}

type StandInRecord = {
  keys: string[];
  elements: { clientSecret: string | null }[];
  confirmations: { returnUrl: string | null; redirect: string; cardNumber: string }[];
};

const standIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __stripeStandIn: StandInRecord }).__stripeStandIn);

function planCard(page: Page, name: string) {
  return page.getByRole('group', { name });
}

async function signInOnboarded(context: BrowserContext) {
  return signUpThroughApi(context, { isOnboarded: true });
}

test('three plans and a trust band; Stripe.js loads on this page and nowhere before it', async ({
  page,
  context,
}) => {
  const requested = await routeStripeJs(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await signInOnboarded(context);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  expect(requested, 'Stripe.js before /subscribe').toEqual([]);

  await page.getByRole('banner').getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();

  const blueprint = planCard(page, 'The Blueprint');
  const guardian = planCard(page, 'The Guardian');
  const mastermind = planCard(page, 'The Mastermind');
  await expect(blueprint).toContainText('£79 one-time');
  await expect(guardian).toContainText('£29 per month');
  await expect(mastermind).toContainText('£199 per month');
  await expect(guardian.getByText('Most popular')).toBeVisible();
  await expect(blueprint.getByText('Most popular')).toHaveCount(0);
  const promise = page.getByRole('list', { name: 'Our promise' });
  await expect(promise).toContainText('30-day money-back guarantee');
  await expect(promise).toContainText('Cancel anytime');
  await expect(page.getByTestId('current-plan')).toHaveText('No plan yet');
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);

  await expect.poll(() => requested.length).toBeGreaterThan(0);
  expect(requested[0]).toMatch(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js/);
  expect((await standIn(page)).keys).toEqual(['pk_test_ballast_fake']);
  await expectNoAccessibilityViolations(page);
});

test('a plan leads to the payment step; a good card pays, the toast says so and the plan arrives', async ({
  page,
  context,
  baseURL,
}) => {
  await routeStripeJs(page);
  const { email } = await signInOnboarded(context);
  await page.goto('/subscribe');
  await planCard(page, 'The Guardian').getByRole('button', { name: 'Choose The Guardian' }).click();

  const form = page.getByRole('form', { name: 'Pay for The Guardian' });
  await expect(form).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The Guardian' })).toBeVisible();
  await expect(page.getByText('£29 per month, cancel anytime.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'The Blueprint' })).toHaveCount(0);
  // The Payment Element was given the secret of the subscription's first invoice.
  const [elements] = (await standIn(page)).elements;
  expect(elements?.clientSecret).toMatch(/^pi_[0-9a-f]+_secret_[0-9a-f]+$/);
  await expectNoAccessibilityViolations(page);

  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Pay £29' }).click();
  await expectToast(page, 'Payment Successful', 'You are now subscribed');
  await expect(page.getByRole('heading', { name: 'You are now subscribed' })).toBeVisible();
  expect((await standIn(page)).confirmations).toEqual([
    { returnUrl: new URL(baseURL!).origin, redirect: 'if_required', cardNumber: '4242424242424242' },
  ]);
  await expect(
    page.getByRole('status').filter({ hasText: 'switches on as soon as Stripe confirms' }),
  ).toBeVisible();

  // Stripe confirms: the signed webhook turns the plan on, and the page notices by itself.
  const [row] = await queryDatabase<{ subscription_id: string; stripe_customer_id: string }>(
    'SELECT b.subscription_id, b.stripe_customer_id FROM billing_customers b JOIN users u ON u.id = b.user_id WHERE u.email = $1',
    [email],
  );
  const now = Math.floor(Date.now() / 1000);
  const webhook = await sendStripeEvent(process.env.E2E_BASE_URL!, {
    id: `evt_${now}_${row!.subscription_id}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: now,
    api_version: null as unknown as string,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: row!.subscription_id,
        object: 'subscription',
        customer: row!.stripe_customer_id,
        status: 'active',
        metadata: { plan: 'guardian' },
        items: {
          data: [
            { price: { lookup_key: 'ballast_guardian_gbp_monthly' }, current_period_end: now + 30 * 86_400 },
          ],
        },
      },
    },
  });
  expect(webhook.status).toBe(200);
  await expect(page.getByText('The Guardian is active on your account.')).toBeVisible({ timeout: 10_000 });

  await page.reload();
  await expect(page.getByTestId('current-plan')).toHaveText('The Guardian');
  await expect(page.getByText(/^Renews on \d+ \w+ \d{4}\. Cancel anytime\.$/)).toBeVisible();
  await expect(planCard(page, 'The Guardian').getByRole('button', { name: 'Current plan' })).toBeDisabled();
  await expect(
    planCard(page, 'The Mastermind').getByRole('button', { name: 'Switch in Manage billing' }),
  ).toBeEnabled();

  // Manage billing opens Stripe's customer portal for this customer.
  await page.getByRole('button', { name: 'Manage billing', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/bps_[0-9a-f]+$/);
  await expect(page.getByRole('heading', { name: /^Stripe portal bps_/ })).toBeVisible();
});

test('a declined card gets the failure toast with the provider’s message, and the form stays', async ({
  page,
  context,
}) => {
  await routeStripeJs(page);
  await signInOnboarded(context);
  await page.goto('/subscribe');
  await planCard(page, 'The Blueprint').getByRole('button', { name: 'Choose The Blueprint' }).click();

  const form = page.getByRole('form', { name: 'Pay for The Blueprint' });
  await expect(page.getByText('£79 one-time.')).toBeVisible();
  await form.getByLabel('Card number').fill('4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Pay £79' }).click();
  await expectToast(page, 'Payment Failed', 'Your card was declined.');
  await expect(form).toBeVisible();
  await expect(form.getByRole('button', { name: 'Pay £79' })).toBeEnabled();

  await form.getByRole('button', { name: 'Back to plans' }).click();
  await expect(planCard(page, 'The Mastermind')).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('No plan yet');
});

test.describe('without Stripe keys', () => {
  test.describe.configure({ mode: 'serial' });
  let unconfigured: ServerProcess;
  let dataDir: string;

  // A second app on the same database, started without any STRIPE_* setting.
  test.beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-e2e-no-stripe-'));
    unconfigured = await startServerProcess(
      {
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: await readEmbeddedDatabaseUrl(process.env.E2E_DATA_DIR!),
        TRUST_PROXY: 'true',
        STRIPE_SECRET_KEY: '',
        STRIPE_PUBLISHABLE_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        STRIPE_API_URL: '',
      },
      { entry: 'start-script', isEchoingErrors: true },
    );
  });

  test.afterAll(async () => {
    await unconfigured?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('the page says the payment provider is not configured and to contact support', async ({
    page,
    context,
  }) => {
    const requested = await routeStripeJs(page);
    const origin = unconfigured.baseUrl;
    const headers = { origin, 'x-forwarded-for': `198.19.${process.pid % 250}.1` };
    const credentials = { email: uniqueEmail('no-stripe'), password: 'correct horse battery' };
    const signUp = await context.request.post(`${origin}/api/identity/sign-up/email`, {
      data: { ...credentials, name: 'Sam' },
      headers,
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    // The sign-up signs nobody in (it answers alike for any address); the sign-in page signs in next.
    const signIn = await context.request.post(`${origin}/api/identity/sign-in/email`, {
      data: credentials,
      headers,
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    expect((await context.request.post(`${origin}/api/user/onboarding`, { data: {}, headers })).ok()).toBe(
      true,
    );

    await page.goto(`${origin}/subscribe`);
    const alert = page.getByRole('alert').filter({ hasText: 'Payments are not configured' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Plans cannot be bought on this server');
    await expect(alert).toContainText('Please contact support at support@127.0.0.1.');
    await expect(
      planCard(page, 'The Guardian').getByRole('button', { name: 'Choose The Guardian' }),
    ).toBeDisabled();
    // No payment badges where nothing can be paid.
    await expect(page.getByRole('list', { name: 'Our promise' })).toHaveCount(0);
    await expect(page.getByText('Secure payment by Stripe')).toHaveCount(0);
    expect(requested).toEqual([]);
    await expectNoAccessibilityViolations(page);
  });
});
