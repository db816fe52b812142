import type { Page } from '@playwright/test';
import {
  expect,
  expectNoAccessibilityViolations,
  queryDatabase,
  seedWaitlistUpTo,
  test,
  uniqueEmail,
} from './fixtures';

/**
 * Totals only grow, and the tier of a signup depends on how many came before: these run in order,
 * from the free spots through lifetime to the waitlist.
 */
test.describe.configure({ mode: 'serial' });

const DIALOG = 'JOIN THE ALGORITHM RESISTANCE';

async function totalSignups(page: Page): Promise<number> {
  return (await (await page.request.get('/api/waitlist/counters')).json()).totalSignups;
}

/** The form at the end of the landing page, once its part of the page is hydrated. */
async function landingForm(page: Page) {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Join the algorithm resistance' });
  await section.scrollIntoViewIfNeeded();
  // The spots above it come with the same code: once they show numbers, the form is live.
  await expect(page.getByRole('meter').first()).toBeVisible();
  return section;
}

test('GET STARTED opens the dialog; a signup shows JOINING..., closes it and refreshes the counters', async ({
  page,
}) => {
  await page.goto('/');
  // The spots on the page show the counters, so the refresh after the signup is visible.
  const freeSpots = page.getByRole('meter', { name: 'Lifetime free access: spots left' });
  // The spots section wakes up when the visitor scrolls near it (the page never scrolls by itself).
  await page.getByRole('region', { name: 'Claim your spot before it’s gone' }).scrollIntoViewIfNeeded();
  await freeSpots.scrollIntoViewIfNeeded();
  const before = Number(await freeSpots.getAttribute('aria-valuenow'));
  expect(before).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'GET STARTED' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Limited beta spots for channels earning £1K+/month.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/waitlist/signup', async (route) => {
    await held;
    await route.continue();
  });
  let countersAsked = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/waitlist/counters')) countersAsked += 1;
  });
  const submit = dialog.getByRole('button', { name: 'SECURE MY SPOT' });
  await expect(submit).toBeDisabled();
  const email = uniqueEmail('dialog');
  await dialog.getByLabel('Email address').fill(email);
  await submit.click();
  await expect(dialog.getByRole('button', { name: 'JOINING...' })).toBeDisabled();
  await expect(dialog.getByLabel('Email address')).toBeDisabled();
  const askedBeforeSignup = countersAsked;
  release();

  // It closes on success; the result is told in a toast.
  await expect(dialog).toBeHidden();
  const [row] = await queryDatabase<{ position: number }>(
    'SELECT position FROM waitlist_signups WHERE email = $1',
    [email],
  );
  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('FREE ACCESS SECURED!')).toBeVisible();
  await expect(toast.getByText(`Position #${row?.position} • Check your email for next steps`)).toBeVisible();
  // The counters are asked for again after the signup; a held place takes no spot until it is kept.
  await expect.poll(() => countersAsked).toBeGreaterThan(askedBeforeSignup);
  expect(Number(await freeSpots.getAttribute('aria-valuenow'))).toBe(before);
  const [welcome] = await queryDatabase<{ url: string }>(
    `SELECT payload->>'confirmUrl' AS url FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-welcome' AND payload->>'to' = $1`,
    [email],
  );
  const link = new URL(welcome!.url);
  expect((await page.request.post(`${link.pathname}${link.search}`)).status()).toBe(200);
  await page.reload();
  await page.getByRole('region', { name: 'Claim your spot before it’s gone' }).scrollIntoViewIfNeeded();
  await freeSpots.scrollIntoViewIfNeeded();
  await expect.poll(async () => Number(await freeSpots.getAttribute('aria-valuenow'))).toBeLessThan(before);
});

test('joining from the dialog puts focus back on the button that opened it', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'GET STARTED' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await dialog.getByLabel('Email address').fill(uniqueEmail('focus'));
  await dialog.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('signing up an address already on the list answers as for anyone, and tells the address its place', async ({
  page,
}) => {
  const email = uniqueEmail('again');
  const first = await page.request.post('/api/waitlist/signup', {
    data: { email, signupSource: 'landing' },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  const { position } = (await first.json()) as { position: number };
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'GET STARTED' }).click();
  const dialog = page.getByRole('dialog', { name: DIALOG });
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  const toast = page.getByRole('region', { name: /Notifications/ });
  // Nothing on the screen says the address was on the list: whoever typed it sees what anyone new sees.
  await expect(toast.getByText('Confirm within 48 hours to keep #', { exact: false })).toBeVisible();
  await expect(toast.getByText(/already/)).toHaveCount(0);
  await expect(toast.getByText(`Position #${position} •`, { exact: false })).toHaveCount(0);
  // The address itself is told where it stands, by email.
  const standing = await queryDatabase<{ position: number }>(
    `SELECT (payload->>'position')::int AS position FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-standing' AND payload->>'to' = $1`,
    [email],
  );
  expect(standing).toEqual([{ position }]);
});

test('the welcome email’s link keeps the place, from its page’s button', async ({ page }) => {
  const email = uniqueEmail('keep');
  const answer = await page.request.post('/api/waitlist/signup', {
    data: { email },
    headers: { origin: process.env.E2E_BASE_URL! },
  });
  const { position } = (await answer.json()) as { position: number };
  const [welcome] = await queryDatabase<{ url: string }>(
    `SELECT payload->>'confirmUrl' AS url FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-welcome' AND payload->>'to' = $1`,
    [email],
  );
  const link = new URL(welcome!.url);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: `Keep place #${position}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Keep my place' }).click();
  await expect(page.getByRole('heading', { name: `Place #${position} is yours` })).toBeVisible();
  const [row] = await queryDatabase<{ kept: boolean }>(
    'SELECT confirmed_at IS NOT NULL AS kept FROM waitlist_signups WHERE email = $1',
    [email],
  );
  expect(row).toEqual({ kept: true });
});

test('the form: free spot secured, position, Add Another Email, and the email is cleared', async ({
  page,
}) => {
  const section = await landingForm(page);
  const email = uniqueEmail('free');
  const input = section.getByLabel('Email address');
  const submit = section.getByRole('button', { name: 'SECURE MY SPOT' });
  await expect(submit).toBeDisabled();
  await input.fill(email);
  await submit.click();

  const success = section.getByRole('status');
  await expect(success.getByText('FREE ACCESS SECURED!')).toBeVisible();
  const [row] = await queryDatabase<{ position: number; tier: string }>(
    'SELECT position, tier FROM waitlist_signups WHERE email = $1',
    [email],
  );
  expect(row?.tier).toBe('free');
  await expect(
    success.getByText(`Position #${row?.position} • Check your email for next steps`),
  ).toBeVisible();
  await expect(
    success.getByText(`Confirm within 48 hours to keep #${row?.position}`, { exact: false }),
  ).toBeVisible();
  await expect(success.getByText('Payment link coming soon via email')).toHaveCount(0);
  await expectNoAccessibilityViolations(page);

  await section.getByRole('button', { name: 'Add Another Email' }).click();
  await expect(section.getByLabel('Email address')).toHaveValue('');
  await expect(section.getByRole('button', { name: 'SECURE MY SPOT' })).toBeDisabled();
});

test('the browser keeps a malformed email from being sent', async ({ page }) => {
  const section = await landingForm(page);
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/waitlist/signup')) sent += 1;
  });
  await section.getByLabel('Email address').fill('not-an-email');
  await section.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  expect(
    await section.getByLabel('Email address').evaluate((input: HTMLInputElement) => input.validity.valid),
  ).toBe(false);
  expect(sent).toBe(0);
});

test('rapid repeats get a friendly message, shown inline in red, never a status code', async ({ page }) => {
  // The same visitor (this test's address) signs up ten times in a row, the limit for a minute.
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await page.request.post('/api/waitlist/signup', {
      data: { email: uniqueEmail('burst') },
    });
    expect(response.status()).toBe(200);
  }
  const section = await landingForm(page);
  await section.getByLabel('Email address').fill(uniqueEmail('limited'));
  await section.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  const error = section.getByRole('alert');
  await expect(error).toHaveText(
    'Too many signups from your connection. Please wait a minute and try again.',
  );
  await expect(error).toHaveClass(/text-destructive/);
  // The email stays, so the visitor can try again later.
  await expect(section.getByLabel('Email address')).not.toHaveValue('');
});

test('an unreadable failure shows the default message', async ({ page }) => {
  await page.route('**/api/waitlist/signup', (route) =>
    route.fulfill({ status: 400, contentType: 'text/html', body: '<html>Bad gateway</html>' }),
  );
  const section = await landingForm(page);
  await section.getByLabel('Email address').fill(uniqueEmail('broken'));
  await section.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  await expect(section.getByRole('alert')).toHaveText('Failed to join waitlist. Please try again.');
});

test('past the free spots: LIFETIME ACCESS LOCKED! with the payment note; free spots gone', async ({
  page,
}) => {
  await seedWaitlistUpTo(Math.max(100, (await totalSignups(page)) + 1));
  const section = await landingForm(page);
  await expect(page.locator('[data-state]').first()).toHaveText('gone');
  await expect(page.locator('[data-state]').nth(1)).toHaveText('available');

  await section.getByLabel('Email address').fill(uniqueEmail('lifetime'));
  await section.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  await expect(section.getByText('LIFETIME ACCESS LOCKED!')).toBeVisible();
  await expect(section.getByText('Payment link coming soon via email')).toBeVisible();
});

test('with 50 or fewer lifetime spots the bar turns low and a warning pulses every second', async ({
  page,
}) => {
  await seedWaitlistUpTo(520);
  await landingForm(page);
  await expect(page.locator('[data-state]').nth(1)).toHaveText('low');
  const warning = page.getByText('Only 30 lifetime spots left!');
  await expect(warning).toBeVisible();
  const animation = await warning.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      name: style.animationName,
      duration: style.animationDuration,
      count: style.animationIterationCount,
    };
  });
  expect(animation).toEqual({ name: 'pulse-warning', duration: '2s', count: 'infinite' });
  await expectNoAccessibilityViolations(page);
});

test('after every spot: WAITLIST CONFIRMED!', async ({ page }) => {
  await seedWaitlistUpTo(600);
  await page.goto('/this-page-does-not-exist');
  await page.waitForLoadState('networkidle');
  const email = uniqueEmail('late');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'JOIN THE WAITLIST' }).click();
  await expect(page.getByText('WAITLIST CONFIRMED!')).toBeVisible();
  await expect(page.getByText('Payment link coming soon via email')).toHaveCount(0);
  const [row] = await queryDatabase<{ signup_source: string; tier: string }>(
    'SELECT signup_source, tier FROM waitlist_signups WHERE email = $1',
    [email],
  );
  expect(row).toEqual({ signup_source: 'not-found', tier: 'waitlist' });
});
