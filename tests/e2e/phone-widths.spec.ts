import type { Page } from '@playwright/test';
import { londonDate } from '../../common/calendar';
import {
  expect,
  expectNoAccessibilityViolations,
  postAsUser,
  signInWithEmailLinkThroughApi,
  signUpThroughApi,
  test,
} from './fixtures';
import { E2E_OPERATOR_EMAIL } from './operator';
import { expectTargetsBigEnough } from './touch-targets';

/**
 * Every page and state the other specs visit, at the narrow end of phones (360–430 px): nothing is
 * wider than the screen, so nothing scrolls sideways or is cut off, and at 390 px every control a finger
 * hits is at least 44 × 44 px. Each screen is loaded once and measured
 * at every width by resizing the window, as turning a phone or dragging a window does; axe runs at 360 px.
 */
const WIDTHS = [360, 390, 430] as const;

/** The elements that stick out past the right edge, named so a failure says where to look. */
async function overflowingElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside: HTMLElement[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // Content inside a box that scrolls sideways is reachable; inside a box that hides its overflow it
      // would be cut off, so that still counts.
      let parent = element.parentElement;
      let isInScrollBox = false;
      while (parent && parent !== document.body) {
        const overflowX = getComputedStyle(parent).overflowX;
        if (overflowX === 'auto' || overflowX === 'scroll') {
          isInScrollBox = true;
          break;
        }
        parent = parent.parentElement;
      }
      if (isInScrollBox) continue;
      outside.push(element);
    }
    // The innermost ones are the cause; their containers only follow them.
    const causes = outside.filter(
      (element) => !outside.some((other) => other !== element && element.contains(other)),
    );
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      outside: causes.slice(0, 5).map((element) => {
        const label = (element.textContent ?? '').trim().slice(0, 40);
        const right = Math.round(element.getBoundingClientRect().right);
        return `<${element.tagName.toLowerCase()} class="${element.className}"> ${label} (${right} px)`;
      }),
    };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  // Wait for the screen to settle: a heading shown and nothing still loading.
  await expect(page.getByRole('heading').first()).toBeVisible();
  // (The landing page's lower sections hold "Loading spots..." until they come near: not this screen.)
  await expect(page.getByText(/^Loading(\.\.\.| alerts\.\.\.)$/)).toHaveCount(0);
  // Retried briefly: after a resize, a component that lays itself out from the width renders once more.
  await expect(async () => {
    const measured = await overflowingElements(page);
    expect(measured.outside, `${what}: elements past the right edge`).toEqual([]);
    expect(measured.scrollWidth, `${what}: page width`).toBeLessThanOrEqual(measured.clientWidth);
  }).toPass({ timeout: 3_000 });
}

/**
 * The screen as it is, at every width in turn (narrowest last, so a step that follows runs at 360 px), then
 * axe once.
 */
async function fitsAtEveryWidth(page: Page, what: string) {
  for (const width of [...WIDTHS].reverse()) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoSidewaysScroll(page, `${what} at ${width} px`);
    // A finger's targets, on the phone the walkthroughs use (touch-targets.ts).
    if (width === 390) await expectTargetsBigEnough(page, `${what} at ${width} px`);
  }
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await fitsAtEveryWidth(page, path);
  await expectNoAccessibilityViolations(page);
}

test.use({ viewport: { width: WIDTHS[0], height: 800 } });

test('every public page, the menu, the waitlist dialog and the not-found page fit', async ({ page }) => {
  for (const path of [
    '/',
    '/full-landing',
    '/features',
    '/pricing',
    '/community',
    '/contact',
    '/privacy',
    '/terms',
    '/sign-in',
    '/sign-in?mode=create',
    '/forgot-password',
    '/no-such-page',
  ]) {
    await visit(page, path);
  }
  await page.goto('/');
  // The landing page's lazy sections, the spot bars among them, are on the page once scrolled to.
  await page.getByRole('button', { name: 'Claim my spot' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('meter').first()).toBeVisible();
  await fitsAtEveryWidth(page, '/ scrolled through');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await fitsAtEveryWidth(page, 'the open menu');
  await page.locator('#mobile-menu').getByRole('button', { name: 'GET STARTED' }).click();
  const dialog = page.getByRole('dialog', { name: 'JOIN THE ALGORITHM RESISTANCE' });
  await expect(dialog).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await expectTargetsBigEnough(page, 'the waitlist dialog at 390 px');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expect(async () => {
      const box = await dialog.boundingBox();
      expect(box!.x, `the dialog's left edge at ${width} px`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `the dialog's right edge at ${width} px`).toBeLessThanOrEqual(width);
    }).toPass();
  }
});

test('a new creator: every onboarding step and every empty screen fit', async ({ page, context }) => {
  await signUpThroughApi(context, { firstName: 'Maximiliana-Josephine' });
  await page.goto('/onboarding');
  await fitsAtEveryWidth(page, 'onboarding step 1');
  await page.getByRole('checkbox', { name: 'YouTube' }).check();
  await page.getByRole('radio', { name: 'YouTube' }).check();
  for (const [step, answer] of [
    [2, () => page.getByRole('radio', { name: '1k-5k' }).check()],
    [3, () => page.getByRole('radio', { name: '£0' }).check()],
  ] as const) {
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText(`Step ${step} of 4`)).toBeVisible();
    await fitsAtEveryWidth(page, `onboarding step ${step}`);
    await answer();
  }
  await page.getByRole('checkbox', { name: 'None Yet' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await fitsAtEveryWidth(page, 'onboarding step 4');
  await page.getByRole('radio', { name: "I don't know where to start" }).check();
  await page.getByRole('radio', { name: 'Just exploring' }).check();
  await page.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/health-check$/);

  for (const path of ['/health-check', '/', '/dashboard', '/blueprint', '/subscribe', '/settings']) {
    await visit(page, path);
  }
});

test('a creator with revenue, a health check and a blueprint: every full screen fits', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { firstName: 'Ola', isOnboarded: true });
  for (const [source, amount] of [
    ['youtube_ads', '1234.56'],
    ['instagram_sponsors', '800'],
    ['affiliate_marketing', '95.10'],
  ] as const) {
    await postAsUser(context, '/api/revenue', {
      source,
      amount,
      date: londonDate(new Date()),
      description: 'A long description of where this money came from, to see it wrap',
    });
  }
  await postAsUser(context, '/api/health-check', {});
  await postAsUser(context, '/api/blueprints', {});
  for (const path of ['/', '/dashboard', '/health-check', '/blueprint']) {
    await visit(page, path);
  }
});

test('the operator console fits', async ({ page, context }) => {
  await signInWithEmailLinkThroughApi(context, E2E_OPERATOR_EMAIL);
  await visit(page, '/admin');
});
