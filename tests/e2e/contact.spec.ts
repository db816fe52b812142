import { expect, expectNoAccessibilityViolations, queryDatabase, test, uniqueEmail } from './fixtures';

test('the contact page gives direct details and passes axe', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'support@127.0.0.1' })).toHaveAttribute(
    'href',
    'mailto:support@127.0.0.1',
  );
  await expect(page.getByText('We reply within 24 hours on business days.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('every field is required before anything is sent', async ({ page }) => {
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) sent += 1;
  });
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Priya');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Message', { exact: true }).fill('Hello');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  expect(sent).toBe(0);
});

test('sending: SENDING..., then the success toast and an empty form', async ({ page }) => {
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  const email = uniqueEmail('contact');
  await page.getByLabel('Name', { exact: true }).fill('Priya');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Message', { exact: true }).fill('Does Ballast work for podcasts?');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(page.getByRole('button', { name: 'SENDING...' })).toBeDisabled();
  release();

  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Message sent successfully!')).toBeVisible();
  await expect(toast.getByText("We'll get back to you as soon as possible.")).toBeVisible();
  for (const field of ['Name', 'Email', 'Message']) {
    await expect(page.getByLabel(field, { exact: true })).toHaveValue('');
  }
  const rows = await queryDatabase('SELECT name, message FROM contact_messages WHERE email = $1', [email]);
  expect(rows).toEqual([{ name: 'Priya', message: 'Does Ballast work for podcasts?' }]);
  await expectNoAccessibilityViolations(page);
});

test('a failure shows the generic toast with the support address, and keeps the message', async ({
  page,
}) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'RATE_LIMITED', message: 'Too many messages.' }),
    }),
  );
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Name', { exact: true }).fill('Sam');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('fails'));
  await page.getByLabel('Message', { exact: true }).fill('Hello there');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();

  const toast = page.getByRole('region', { name: /Notifications/ });
  await expect(toast.getByText('Something went wrong')).toBeVisible();
  await expect(toast.getByText('Please try again or contact us directly at support@127.0.0.1')).toBeVisible();
  await expect(page.getByText('Too many messages.')).toHaveCount(0);
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello there');
});

test('what is typed before the page’s code arrives is kept and sent, never submitted natively', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/contact-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  // Prerendered, not yet live: the button stays disabled, so the browser cannot submit by itself.
  await expect(page.getByRole('button', { name: 'SEND MESSAGE' })).toBeDisabled();
  await page.getByLabel('Name', { exact: true }).fill('Early Bird');
  await page.getByLabel('Message', { exact: true }).fill('Typed while the page was loading.');
  release();

  await expect(page.getByRole('button', { name: 'SEND MESSAGE' })).toBeEnabled();
  // The counter counts what was typed before the code arrived.
  await expect(page.getByText('33 / 10,000 characters')).toBeVisible();
  const email = uniqueEmail('early');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Message sent successfully!'),
  ).toBeVisible();
  expect(await queryDatabase('SELECT name FROM contact_messages WHERE email = $1', [email])).toEqual([
    { name: 'Early Bird' },
  ]);
  await expect(page).toHaveURL(/\/contact$/);
});

test('the message shows its limit as it fills and cannot go past it', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('button', { name: 'SEND MESSAGE' })).toBeEnabled();
  await expect(page.getByText('0 / 10,000 characters')).toBeVisible();
  const message = page.getByLabel('Message', { exact: true });
  await message.fill('Hello there');
  await expect(page.getByText('11 / 10,000 characters')).toBeVisible();
  await message.fill('x'.repeat(10_050));
  await expect(message).toHaveJSProperty('value.length', 10_000);
  await expect(page.getByText('10,000 / 10,000 characters')).toBeVisible();
});

test("a field the server refuses shows the server's reason beside it", async ({ page }) => {
  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Name', { exact: true }).fill('Priya');
  // The browser's email check lets this through; ours asks for a full domain.
  await page.getByLabel('Email', { exact: true }).fill('priya@localhost');
  await page.getByLabel('Message', { exact: true }).fill('Hello');
  await page.getByRole('button', { name: 'SEND MESSAGE' }).click();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Enter a valid email address, like name@example.com.');
  // The toast stays the generic one.
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Something went wrong'),
  ).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
