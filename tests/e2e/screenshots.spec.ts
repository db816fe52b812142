import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadScreenImage } from '../support/analytics-screens';
import { expect, expectNoAccessibilityViolations, expectToast, signUpThroughApi, test } from './fixtures';

async function screenshotFile(name: string, image: Buffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ballast-e2e-shot-'));
  const file = path.join(dir, name);
  await writeFile(file, image);
  return file;
}

test('a creator uploads a TikTok screenshot, sees its figures read, and corrects one', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('upload-tiktok');
  const uploadButton = panel.getByRole('button', { name: 'Upload TikTok screenshots' });
  await expect(uploadButton).toBeDisabled();

  // A chosen file of another type is refused by name; nothing is queued.
  await panel.getByLabel('TikTok screenshots').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expectToast(page, 'Invalid File Type', 'notes.txt is not a supported image format');
  await expect(uploadButton).toBeDisabled();

  // TikTok's analytics overview on an iPhone, from the accuracy set.
  const image = await loadScreenImage('tiktok/app-overview#2');
  await panel
    .getByLabel('TikTok screenshots')
    .setInputFiles(await screenshotFile('tiktok-analytics.png', image));
  await expect(panel.getByRole('list', { name: 'TikTok screenshots to upload' })).toContainText(
    'tiktok-analytics.png',
  );
  await expectNoAccessibilityViolations(page);
  await uploadButton.click();
  await expectToast(page, '1 screenshots uploaded and being analyzed');

  const shot = page.getByTestId('screenshot');
  await expect(shot).toContainText('tiktok-analytics.png');
  await expect(shot.getByRole('status')).toHaveText('Read', { timeout: 30_000 });
  await expect(shot).toContainText('Views: 87,312');
  await expect(shot).toContainText('Likes: 9,930');
  await expect(shot).toContainText('Estimated revenue: £41.07');
  await expect(shot.getByTestId('screenshot-layout')).toHaveText('Read as TikTok analytics, in English.');

  // Corrected as TikTok shows it.
  await shot.getByRole('button', { name: 'Correct Likes on tiktok-analytics.png' }).click();
  await shot.getByLabel('Likes').fill('9.9K');
  await shot.getByRole('button', { name: 'Save' }).click();
  await expect(shot).toContainText('Likes: 9,900 (corrected)');
});

test('a screen that cannot be read is kept, with a form to type its figures', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  await expect(page.getByTestId('screenshots-and-alerts')).toContainText(
    'from your first screenshot when the screen states its change (“↓ 35%”), once you confirm it, and otherwise from your 2nd screenshot of the same screen and period',
  );
  const panel = page.getByTestId('upload-youtube');
  const blank = await sharp({ create: { width: 390, height: 844, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  await panel.getByLabel('YouTube screenshots').setInputFiles(await screenshotFile('studio.png', blank));
  await panel.getByRole('button', { name: 'Upload YouTube screenshots' }).click();

  const shot = page.getByTestId('screenshot');
  await expect(shot.getByRole('status')).toHaveText('Could not read', { timeout: 30_000 });
  await expect(shot).toContainText("Couldn't read this screen");
  const form = shot.getByRole('form', { name: 'Type the figures from studio.png' });
  await expectNoAccessibilityViolations(page);
  await form.getByLabel('Views').fill('1.2 million');
  await form.getByRole('button', { name: 'Save figures' }).click();
  await expectToast(page, 'Figures Not Saved', 'Views: "1.2 million" is not a figure.');
  await form.getByLabel('Views').fill('1.2M');
  await form.getByLabel('Estimated revenue').fill('£3,412.50');
  await form.getByRole('button', { name: 'Save figures' }).click();
  await expect(shot.getByRole('status')).toHaveText('Read');
  await expect(shot).toContainText('Views: 1,200,000 (corrected)');
  await expect(shot).toContainText('Estimated revenue: £3,412.50 (corrected)');
});

test('a screen with text but no figures says so, shows what was seen, and takes typed figures', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('upload-tiktok');
  await panel
    .getByLabel('TikTok screenshots')
    .setInputFiles(await screenshotFile('live.png', await loadScreenImage('tiktok/live#1')));
  await panel.getByRole('button', { name: 'Upload TikTok screenshots' }).click();

  const shot = page.getByTestId('screenshot');
  await expect(shot.getByRole('status')).toHaveText('No figures found', { timeout: 30_000 });
  await expect(shot).toContainText('No figures found on this screen');
  await expect(shot.getByRole('list', { name: 'What we saw:' })).toContainText('LIVE');
  await expectNoAccessibilityViolations(page);
  const form = shot.getByRole('form', { name: 'Type the figures from live.png' });
  await form.getByLabel('Views', { exact: true }).fill('12.4K');
  await form.getByRole('button', { name: 'Save figures' }).click();
  await expect(shot.getByRole('status')).toHaveText('Read');
  await expect(shot).toContainText('Views: 12,400 (corrected)');
});

test('a figure read with little confidence is shown for checking, confirmed or corrected in one click', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('upload-youtube');
  // Its watch time "2.4K" is misread as "24K"; views are right but doubtful; subscribers read surely.
  await panel
    .getByLabel('YouTube screenshots')
    .setInputFiles(await screenshotFile('studio.png', await loadScreenImage('youtube/studio-app-2025#1')));
  await panel.getByRole('button', { name: 'Upload YouTube screenshots' }).click();

  const shot = page.getByTestId('screenshot');
  await expect(shot.getByRole('status')).toHaveText('Read', { timeout: 30_000 });
  const checks = shot.getByTestId('check-figure');
  await expect(checks).toHaveCount(2);
  await expect(checks.filter({ hasText: 'Watch time' })).toContainText('Check this figure');
  await expect(checks.filter({ hasText: 'Watch time' })).toContainText('Read with little confidence.');
  await expectNoAccessibilityViolations(page);
  await shot.getByRole('button', { name: 'Confirm Views on studio.png' }).click();
  await expectToast(page, 'Figure Confirmed');
  await expect(checks).toHaveCount(1);
  await shot.getByRole('button', { name: /^Correct Watch time .* on studio.png$/ }).click();
  await shot.getByRole('textbox', { name: /Watch time/ }).fill('2.4K');
  await shot.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Figure Corrected');
  await expect(checks).toHaveCount(0);
  await expect(shot).toContainText(/Watch time.*: 2,400 \(corrected\)/);

  // The screen said "Last 28 days"; the creator can say otherwise, and the figures follow.
  const period = shot.getByLabel('Period this screen covers');
  await expect(period).toHaveValue('last_28_days');
  await expect(shot).toContainText('Subscribers: +311 (change in the period)');
  await period.selectOption({ label: 'Last 7 days' });
  await page.reload();
  await expect(page.getByTestId('screenshot').getByLabel('Period this screen covers')).toHaveValue(
    'last_7_days',
  );

  // Dates of the creator's own, as a range the list does not hold.
  await period.selectOption({ label: 'Other dates…' });
  await shot.getByLabel('From').fill('2026-10-05');
  await shot.getByLabel('to', { exact: true }).fill('2026-11-01');
  await shot.getByRole('button', { name: 'Save dates' }).click();
  await expect(period).toHaveValue('custom_range:2026-10-05/2026-11-01');
  await expect(shot.getByRole('button', { name: 'Save dates' })).toHaveCount(0);

  // The same file again is the same screenshot, read once.
  await panel
    .getByLabel('YouTube screenshots')
    .setInputFiles(
      await screenshotFile('studio again.png', await loadScreenImage('youtube/studio-app-2025#1')),
    );
  await panel.getByRole('button', { name: 'Upload YouTube screenshots' }).click();
  await expectToast(page, 'Already Uploaded', 'studio.png was uploaded before');
  await expect(page.getByTestId('screenshot')).toHaveCount(1);
});

test('dropped files of other types are left out without a word', async ({ page, context }) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const zone = page.getByTestId('upload-youtube').getByText('Choose or drop screenshots');
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['text'], 'notes.txt', { type: 'text/plain' }));
    data.items.add(new File([new Uint8Array([0x89, 0x50])], 'studio.png', { type: 'image/png' }));
    return data;
  });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  const queued = page.getByRole('list', { name: 'YouTube screenshots to upload' });
  await expect(queued).toContainText('studio.png');
  await expect(queued).not.toContainText('notes.txt');
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0);
});

test('a refused upload shows the server’s message, and the panel is ready again', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.route('**/api/upload/screenshots', (route) =>
    route.fulfill({
      status: 413,
      json: {
        error: 'PAYLOAD_TOO_LARGE',
        message: 'huge.png is larger than 10 MB. Upload a smaller screenshot.',
      },
    }),
  );
  await page.goto('/health-check');
  const panel = page.getByTestId('upload-instagram');
  await panel.getByLabel('Instagram screenshots').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  await panel.getByRole('button', { name: 'Upload Instagram screenshots' }).click();
  await expectToast(page, 'Upload Failed', 'huge.png is larger than 10 MB. Upload a smaller screenshot.');
  await expect(panel.getByRole('progressbar')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Upload Instagram screenshots' })).toBeEnabled();
});

test('a screenshot with a long file name fits a phone’s width', async ({ page, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('upload-instagram');
  const blank = await sharp({ create: { width: 390, height: 844, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();
  const name = 'instagram-professional-dashboard-insights-last-7-days.png';
  await panel.getByLabel('Instagram screenshots').setInputFiles(await screenshotFile(name, blank));
  await panel.getByRole('button', { name: 'Upload Instagram screenshots' }).click();
  await expect(page.getByTestId('screenshot').getByRole('status')).toHaveText('Could not read', {
    timeout: 30_000,
  });
  // The name is cut short with an ellipsis, not laid out at its whole width past the screen's edge.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('the Studio overview keeps its subscribers change and its Realtime card apart, each corrected on its own', async ({
  page,
  context,
}) => {
  await signUpThroughApi(context, { isOnboarded: true });
  await page.goto('/health-check');
  const panel = page.getByTestId('upload-youtube');
  await panel
    .getByLabel('YouTube screenshots')
    .setInputFiles(
      await screenshotFile('live.png', await loadScreenImage('youtube/studio-overview-live-2026#1')),
    );
  await panel.getByRole('button', { name: 'Upload YouTube screenshots' }).click();

  const shot = page.getByTestId('screenshot');
  await expect(shot.getByRole('status')).toHaveText('Read', { timeout: 30_000 });
  await expect(shot.getByTestId('screenshot-layout')).toHaveText('Read as YouTube Studio, in English.');
  await expect(shot).toContainText('Subscribers: +4.1K (read as +4,100) (change in the period)');
  await expect(shot).toContainText('Subscribers: 58,309 (realtime, not the period’s total)');
  await expect(shot).toContainText('Views: 22,714 (realtime, not the period’s total)');
  await expectNoAccessibilityViolations(page);
  await shot.getByRole('button', { name: 'Correct Subscribers (realtime) on live.png' }).click();
  await shot.getByRole('textbox', { name: 'Subscribers' }).fill('58,400');
  await shot.getByRole('button', { name: 'Save' }).click();
  await expect(shot).toContainText('Subscribers: 58,400 (realtime, not the period’s total) (corrected)');
  await expect(shot).toContainText('Subscribers: +4.1K (read as +4,100) (change in the period)');
});
