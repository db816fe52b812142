import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import pg from 'pg';

/** Chromium reports every 4xx answer as a console error; those are expected answers, not faults. */
const EXPECTED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Every page test fails on a console error, an uncaught exception in the browser, or a 5xx answer
 * from our server.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
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
});

export { expect };

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
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${randomBytes(4).toString('hex')}@ballast.test`;

/**
 * Creates an account through the API, as the sign-in page would, so the browser context holds its
 * session cookie. One test (auth.spec.ts) signs up through the page itself.
 */
export async function signUpThroughApi(
  context: BrowserContext,
  options: { email?: string; firstName?: string; isOnboarded?: boolean } = {},
) {
  const baseUrl = process.env.E2E_BASE_URL!;
  const email = options.email ?? uniqueEmail();
  const response = await context.request.post(`${baseUrl}/api/identity/sign-up/email`, {
    data: { email, password: 'correct horse battery', name: options.firstName ?? '' },
    headers: { origin: baseUrl },
  });
  expect(response.ok(), await response.text()).toBe(true);
  if (options.isOnboarded) {
    await queryDatabase('UPDATE users SET onboarding_completed = true WHERE email = $1', [email]);
  }
  return { email };
}
