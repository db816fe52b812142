import {
  expect,
  expectNoAccessibilityViolations,
  expectToast,
  postAsUser,
  signUpThroughApi,
  test,
} from './fixtures';

test('a creator connects YouTube read-only, sees it connected, and disconnects it', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('platform-panel');
  await expect(panel).toContainText('No platforms connected yet.');

  // Nothing selected yet.
  await panel.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectToast(page, 'Please select a platform to connect.');

  await panel.getByRole('button', { name: 'YouTube', exact: true }).click();
  await expect(panel.getByRole('button', { name: 'YouTube', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('connect-note')).toContainText('Read-only');
  await expectNoAccessibilityViolations(page);
  await panel.getByRole('button', { name: 'Connect YouTube' }).click();

  // The stand-in consents at once and sends the browser back through our callback.
  await page.waitForURL('**/health-check');
  await expectToast(page, 'YouTube Connected');
  const connected = panel.getByRole('list', { name: 'Connected platforms' });
  await expect(connected).toContainText('YouTube · @cookingwithmaya');
  await expect(connected).toContainText('48,200 followers');
  // The first read runs as a job within seconds of coming back, and says what it read.
  await expect(connected).toContainText('Connected · last synced');
  await expect(connected).toContainText(
    /Read \d+ days of views, watch time \(hours\), subscribers gained, subscribers lost and estimated revenue; 48,200 followers\./,
  );
  await expect(panel.getByRole('button', { name: /^YouTube/ })).toBeDisabled();

  await connected.getByRole('button', { name: 'Disconnect YouTube' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to disconnect this platform?');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(page, 'Platform Disconnected');
  await expect(panel).toContainText('No platforms connected yet.');
});

test('a platform that is not set up offers to link the handle, shown as unverified', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('platform-panel');
  await panel.getByRole('button', { name: 'Instagram', exact: true }).click();
  await expect(page.getByTestId('connect-note')).toContainText('not configured on this server');
  await expect(page.getByTestId('connect-note')).toContainText('Read-only');
  await expect(panel.getByRole('button', { name: 'Connect Instagram' })).toHaveCount(0);
  await panel.getByLabel('Your Instagram handle').fill('not a handle!!');
  await panel.getByRole('button', { name: 'Link handle' }).click();
  await expectToast(
    page,
    'Linking Failed',
    'Enter your handle, like @yourchannel, or your profile’s address: letters, digits, dots, dashes and underscores.',
  );
  await panel.getByLabel('Your Instagram handle').fill('https://www.instagram.com/maya.cooks/');
  await panel.getByRole('button', { name: 'Link handle' }).click();
  await expectToast(page, 'Handle Linked');
  await expect(panel.getByRole('list', { name: 'Connected platforms' })).toContainText(
    'Instagram · @maya.cooks',
  );
  await expect(panel.getByRole('list', { name: 'Connected platforms' })).toContainText(
    'Linked (not verified) · no figures',
  );
  // Linked: the tile is done and the form is gone.
  await expect(panel.getByRole('button', { name: /^Instagram/ })).toBeDisabled();
  await expect(page.getByTestId('connect-note')).toHaveCount(0);
});

test('a failed disconnection says so', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('platform-panel');
  await panel.getByRole('button', { name: 'Instagram', exact: true }).click();
  await panel.getByLabel('Your Instagram handle').fill('mayacooks');
  await panel.getByRole('button', { name: 'Link handle' }).click();
  await expectToast(page, 'Handle Linked');
  await page.route('**/api/platforms/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 429, json: { error: 'RATE_LIMITED', message: 'Too many requests.' } })
      : route.fallback(),
  );
  await panel.getByRole('button', { name: 'Disconnect Instagram' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(page, 'Disconnection Failed: Please try again later.');
});

test('coming back from a refused consent says so once, and the address is cleaned', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check?connection=denied&platform=tiktok');
  await expectToast(page, 'Connection Cancelled', 'TikTok was not connected: access was not given.');
  await expect(page).toHaveURL(/\/health-check$/);
});

test('YouTube’s revenue arrives with the connection; a month typed by hand counts once until the creator keeps one', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 7);
  await postAsUser(context, '/api/revenue', {
    source: 'youtube_ads',
    amount: '400.00',
    date: `${lastMonth}-15`,
    description: 'AdSense payout',
  });
  await page.goto('/health-check');
  const panel = page.getByTestId('platform-panel');
  await panel.getByRole('button', { name: 'YouTube', exact: true }).click();
  await panel.getByRole('button', { name: 'Connect YouTube' }).click();
  await page.waitForURL('**/health-check');
  await expect(panel.getByRole('list', { name: 'Connected platforms' })).toContainText(
    'Connected · last synced',
  );

  await page.goto('/dashboard');
  const twice = page.getByRole('region', { name: 'YouTube Ads recorded twice' });
  await expect(twice).toContainText('Yours: £400.00');
  await expectNoAccessibilityViolations(page);
  await twice.getByRole('button', { name: 'Keep YouTube’s' }).click();
  await expectToast(page, 'YouTube’s Figure Kept');
  await expect(twice).toHaveCount(0);
  const entries = page.getByRole('list', { name: 'Recent revenue entries' });
  await expect(entries).toContainText('From YouTube');
  await expect(entries).not.toContainText('AdSense payout');
  // YouTube's months follow YouTube: nothing to edit or delete on them.
  await expect(entries.getByRole('button', { name: /^Edit YouTube Ads/ })).toHaveCount(0);
});

test('a read that waits on the platform stays connected; only a grant that cannot be renewed offers Reconnect', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  const connection = {
    platformUserId: '1',
    isActive: true,
    isVerified: true,
    followers: 12_300,
    lastSyncedAt: '2026-11-24T05:12:00.000Z',
    lastSyncRead: 'Read 3 days of accounts reached and views; 12,300 followers.',
    createdAt: '2026-11-01T10:00:00.000Z',
  };
  // The two states as the server reports them (their causes are proved in platform-references.test.ts).
  await page.route('**/api/platforms', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: [
            {
              ...connection,
              id: '00000000-0000-4000-8000-000000000001',
              platform: 'instagram',
              platformUsername: 'maya.cooks',
              lastSyncError: 'Instagram asked us to slow down; Ballast tries again at 06:12 UTC.',
              needsReconnect: false,
            },
            {
              ...connection,
              id: '00000000-0000-4000-8000-000000000002',
              platform: 'tiktok',
              platformUsername: 'mayacooks',
              lastSyncError:
                'TikTok no longer accepts this connection: the access you gave Ballast was withdrawn or has expired. Connect it again.',
              needsReconnect: true,
            },
          ],
        })
      : route.fallback(),
  );
  await page.goto('/health-check');
  const connected = page.getByTestId('platform-panel').getByRole('list', { name: 'Connected platforms' });
  const instagram = connected.getByRole('listitem').filter({ hasText: 'Instagram' });
  await expect(instagram).toContainText(
    'Connected · last synced 24 Nov, 05:12 · Instagram asked us to slow down; Ballast tries again at 06:12 UTC.',
  );
  await expect(instagram.getByRole('button', { name: 'Reconnect Instagram' })).toHaveCount(0);
  const tiktok = connected.getByRole('listitem').filter({ hasText: 'TikTok' });
  await expect(tiktok).toContainText(
    'TikTok no longer accepts this connection: the access you gave Ballast was withdrawn or has expired. Connect it again.',
  );
  await expect(tiktok.getByRole('button', { name: 'Reconnect TikTok' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
