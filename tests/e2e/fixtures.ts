import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';
import { queryEmbeddedDatabase, readEmbeddedDatabaseUrl } from '../support/embedded-database';
import { seedSignupsUpTo } from '../support/waitlist';

/** Chromium reports every 4xx answer as a console error; those are expected answers, not faults. */
const EXPECTED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * The app under test runs behind a (pretend) proxy: each test's browser is its own visitor with an
 * address of its own, so per-address rate limits never trip over another test.
 */
export function visitorAddress(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(c, 1)}`;
}

/**
 * Every page test fails on a console error, an uncaught exception in the browser, or a 5xx answer
 * from our server.
 */
export const test = base.extend<{ consoleErrors: string[]; stripeJsStandIn: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    await use({ 'x-forwarded-for': visitorAddress() });
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_CLIENT_ERROR.test(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('response', (response) => {
        if (response.status() >= 500) errors.push(`${response.status()} from ${response.url()}`);
      });
      await use(errors);
      expect(errors, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
  // No test reaches the internet: /subscribe (opened by several flows) asks js.stripe.com for Stripe.js,
  // and a failed lookup there is a console error, so every page gets the subscribe spec's stand-in. A
  // spec that inspects those requests routes them on its page, which comes first.
  stripeJsStandIn: [
    async ({ context }, use) => {
      const body = await readFile(path.join(import.meta.dirname, '../support/stripe-js-stand-in.js'), 'utf8');
      await context.route('https://js.stripe.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body }),
      );
      await use(undefined);
    },
    { auto: true },
  ],
});

export { expect };

/** The visible toast with this title (and description, when given), found where people see it. */
/** The Revenue Tracker with its import dialog open, as a creator opens it. */
export async function openImportDialog(page: Page) {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import CSV' }).click();
  return page.getByRole('dialog', { name: 'Import revenue' });
}

export async function expectToast(page: Page, title: string, description?: string) {
  const shown = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
  await expect(shown).toBeVisible();
  if (description !== undefined) await expect(shown).toContainText(description);
}

/** Zero axe-core violations (WCAG 2.1 A/AA) on the page as it stands. */
export async function expectNoAccessibilityViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

/** SQL against the app's own database (the e2e server's embedded PostgreSQL), for setting up state. */
export async function queryDatabase<T extends pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  return queryEmbeddedDatabase<T>(dataDir, text, values);
}

/**
 * The alert scan has looked at everything the creator with this address added, `minutesAgo` minutes
 * ago, as the planner's run leaves it: the notes of her changes taken, her scan row up to date.
 */
export async function markScanned(email: string, minutesAgo = 0) {
  await queryDatabase(
    `WITH creator AS (SELECT id FROM users WHERE email = $1),
     taken AS (DELETE FROM figure_changes WHERE user_id = (SELECT id FROM creator) RETURNING id)
     INSERT INTO alert_scans (user_id, changes, scanned_changes, scanned_at, changed_at)
     SELECT id, 1 + (SELECT count(*) FROM taken), 1 + (SELECT count(*) FROM taken),
            now() - make_interval(mins => $2), now()
     FROM creator
     ON CONFLICT (user_id) DO UPDATE SET changes = alert_scans.changes + excluded.changes,
       scanned_changes = alert_scans.changes + excluded.changes, scanned_at = excluded.scanned_at`,
    [email, minutesAgo],
  );
}

/**
 * Seeds the waitlist (gap-free) up to `total` signups, and tells the app, as a signup would. Totals only
 * grow, so tests that need a given tier run in order in one file (waitlist.spec.ts).
 */
export async function seedWaitlistUpTo(total: number) {
  const url = await readEmbeddedDatabaseUrl(process.env.E2E_DATA_DIR!);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await seedSignupsUpTo(pool, total);
  } finally {
    await pool.end();
  }
}

export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${randomBytes(4).toString('hex')}@ballast.test`;

let signUps = 0;

const nextSignUpAddress = () => {
  signUps += 1;
  return `198.18.${process.pid % 250}.${(signUps % 250) + 1}`;
};

/**
 * A password sign-in through the API, so `context` holds the session cookie. Each comes from an address
 * of its own: the e2e server limits sign-ins per client address.
 */
export async function signInThroughApi(context: BrowserContext, email: string, password: string) {
  const baseUrl = process.env.E2E_BASE_URL!;
  const signIn = await context.request.post(`${baseUrl}/api/identity/sign-in/email`, {
    data: { email, password },
    headers: { origin: baseUrl, 'x-forwarded-for': nextSignUpAddress() },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
}

/**
 * Creates an account through the API, as the sign-in page does (the sign-up, then a sign-in with the
 * same password), so the browser context holds its session cookie. The address stays unproven unless
 * `isProven`. One test (auth.spec.ts) signs up through the page itself. With `isOnboarded` it also
 * completes onboarding through the real endpoint (with no answers, which the API allows). Sign-ups are
 * rate limited per address; the e2e server trusts X-Forwarded-For, so each call here comes from an
 * address of its own.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  options: { email?: string; firstName?: string; isOnboarded?: boolean; isProven?: boolean } = {},
) {
  const baseUrl = process.env.E2E_BASE_URL!;
  const email = options.email ?? uniqueEmail();
  const credentials = { email, password: 'correct horse battery' };
  const response = await context.request.post(`${baseUrl}/api/identity/sign-up/email`, {
    data: { ...credentials, name: options.firstName ?? '' },
    headers: { origin: baseUrl, 'x-forwarded-for': nextSignUpAddress() },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await signInThroughApi(context, email, credentials.password);
  // Opened as a browser opens a link a mail app hands it: not from another site.
  if (options.isProven) {
    await context.request.get(await latestEmailLink(email, 'verify-email'), {
      headers: { 'sec-fetch-site': 'none' },
    });
  }
  if (options.isOnboarded) {
    const onboarding = await context.request.post(`${baseUrl}/api/user/onboarding`, {
      data: {},
      headers: { origin: baseUrl },
    });
    expect(onboarding.ok(), await onboarding.text()).toBe(true);
  }
  return { email };
}

/**
 * The link in the newest email of `template` queued for `email` (what the inbox would receive), or the
 * newest whose link holds `marker`, where tests in parallel ask for the same address's emails.
 */
export async function latestEmailLink(
  email: string,
  template: string,
  field = 'url',
  marker = '',
): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [row] = await queryDatabase<{ link: string }>(
      `SELECT payload ->> $3 AS link FROM outbox_messages
        WHERE payload ->> 'to' = $1 AND payload ->> 'template' = $2 AND strpos(payload ->> $3, $4) > 0
        ORDER BY created_at DESC LIMIT 1`,
      [email.toLowerCase(), template, field, marker],
    );
    if (row?.link) return row.link;
    if (Date.now() > deadline) throw new Error(`no ${template} email to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Signs the context in from an emailed sign-in link, as the inbox's owner would (it proves the address). */
export async function signInWithEmailLinkThroughApi(context: BrowserContext, email: string) {
  const baseUrl = process.env.E2E_BASE_URL!;
  // Specs in parallel sign the one operator in: each takes the link of its own request, named by a
  // mark its callback carries, never another's (a link works once).
  const mark = randomUUID();
  const asked = await context.request.post(`${baseUrl}/api/identity/sign-in/magic-link`, {
    data: { email, callbackURL: `/?signin=${mark}` },
    headers: { origin: baseUrl, 'x-forwarded-for': nextSignUpAddress() },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const link = await latestEmailLink(email, 'magic-link', 'url', mark);
  const opened = await context.request.get(link, {
    headers: { 'x-forwarded-for': nextSignUpAddress(), 'sec-fetch-site': 'none' },
  });
  expect(opened.ok(), `${opened.status()} from the sign-in link`).toBe(true);
}

/** Calls our API from the test with the context's session, as the app in the page would. */
export async function postAsUser(context: BrowserContext, pathname: string, data: unknown) {
  const baseUrl = process.env.E2E_BASE_URL!;
  const response = await context.request.post(`${baseUrl}${pathname}`, {
    data,
    headers: { origin: baseUrl },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return response.json();
}

/**
 * A paid plan on the account, as the Stripe webhook would leave it in billing's `account_plans` (no row
 * for 'none'), for specs about what a plan opens rather than how it is bought (subscribe.spec.ts buys
 * through the payment form).
 */
export async function givePaidPlan(email: string, plan: 'none' | 'blueprint' | 'guardian' | 'mastermind') {
  if (plan === 'none') {
    await queryDatabase('DELETE FROM account_plans WHERE user_id = (SELECT id FROM users WHERE email = $1)', [
      email,
    ]);
    return;
  }
  const [row] = await queryDatabase(
    `INSERT INTO account_plans (user_id, plan) SELECT id, $2 FROM users WHERE email = $1
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, updated_at = now() RETURNING user_id`,
    [email, plan],
  );
  expect(row, `an account for ${email}`).toBeDefined();
}
