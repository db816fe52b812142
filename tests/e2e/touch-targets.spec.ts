import type { Page } from '@playwright/test';
import { londonDate } from '../../common/calendar';
import { expect, postAsUser, queryDatabase, signUpThroughApi, test, uniqueEmail } from './fixtures';

/**
 * On a phone (390 px wide) every control a finger has to hit is at least 44 × 44 px: each visible button,
 * link, field and select. Links inside running text (a sentence, a legal page's paragraph) are left out,
 * as WCAG 2.5.8 allows for inline targets: their size is the text's.
 */
const MIN = 44;

/** The visible controls smaller than 44 × 44 px, named so a failure says what and where. */
async function smallTargets(page: Page) {
  return page.evaluate((min) => {
    const isInlineInText = (element: Element) => {
      if (element.tagName !== 'A' || getComputedStyle(element).display !== 'inline') return false;
      const block = element.parentElement;
      const own = (element.textContent ?? '').trim();
      return Boolean(block && (block.textContent ?? '').trim().length > own.length);
    };
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], summary',
    );
    for (const control of controls) {
      // A checkbox or radio is hit through its label, which is the target.
      const target =
        control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type)
          ? (control.closest('label') ?? control.labels?.[0] ?? control)
          : control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === 'hidden') continue;
      if (target.closest('[aria-hidden=true], .sr-only')) continue;
      if (isInlineInText(control)) continue;
      if (box.width + 0.5 >= min && box.height + 0.5 >= min) continue;
      const name = (
        control.getAttribute('aria-label') ??
        control.textContent ??
        control.getAttribute('name') ??
        ''
      )
        .trim()
        .slice(0, 40);
      small.push(
        `<${control.tagName.toLowerCase()}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return small;
  }, MIN);
}

async function expectBigEnough(page: Page, what: string) {
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expect(page.getByText(/^Loading(\.\.\.| alerts\.\.\.)$/)).toHaveCount(0);
  expect(await smallTargets(page), `${what}: controls under ${MIN} × ${MIN} px`).toEqual([]);
}

test.use({ viewport: { width: 390, height: 844 } });

test('every control on the public pages, the menu, the waitlist dialog and its toast is at least 44 × 44 px', async ({
  page,
}) => {
  for (const path of [
    '/',
    '/features',
    '/pricing',
    '/community',
    '/contact',
    '/privacy',
    '/terms',
    '/sign-in',
    '/forgot-password',
    '/no-such-page',
  ]) {
    await page.goto(path);
    await expectBigEnough(page, path);
  }
  await page.goto('/sign-in?mode=create');
  await expectBigEnough(page, 'account creation');

  await page.goto('/');
  await page.getByRole('button', { name: 'Claim my spot' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('meter').first()).toBeVisible();
  await expectBigEnough(page, '/ scrolled through');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectBigEnough(page, 'the open menu');
  await page.locator('#mobile-menu').getByRole('button', { name: 'GET STARTED' }).click();
  const dialog = page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' });
  await expect(dialog).toBeVisible();
  await expectBigEnough(page, 'the waitlist dialog');
  // A signup's toast, with its close button.
  await dialog.getByLabel('Email address').fill(uniqueEmail('touch'));
  await dialog.getByRole('button', { name: 'SECURE MY SPOT' }).click();
  const toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button')).toBeVisible();
  await expectBigEnough(page, 'the signup toast');
});

test('every control on a signed-in dashboard, its alerts and the menu is at least 44 × 44 px', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(context, { firstName: 'Priya', isOnboarded: true });
  await postAsUser(context, '/api/revenue', { source: 'youtube_ads', amount: '900', date: londonDate() });
  await queryDatabase(
    `INSERT INTO alerts (user_id, severity, platform, title, description, cause, at_stake_pence)
     SELECT id, 'high', 'youtube', 'YouTube Ads revenue fell 40%', 'x', 'test:touch', 50000 FROM users WHERE email = $1`,
    [email],
  );
  // A blueprint, so its week cards' task checkboxes are on the page too.
  await postAsUser(context, '/api/blueprints', {});
  for (const path of ['/', '/dashboard', '/health-check', '/blueprint', '/settings']) {
    await page.goto(path);
    await expectBigEnough(page, path);
  }
  await page.goto('/');
  await expect(page.getByTestId('alert')).toHaveCount(1);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expectBigEnough(page, 'the signed-in menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Dismiss YouTube Ads revenue fell 40%' }).click();
  await expect(page.getByTestId('alert')).toHaveCount(0);
  await page.getByRole('button', { name: /^View all/ }).click();
  await expectBigEnough(page, 'the list of every alert');
});
