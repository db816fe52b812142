import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { renderScreenshot, SAMPLE_FIGURES } from '../support/analytics-screenshots';
import { expect, expectNoAccessibilityViolations, expectToast, signUpThroughApi, test } from './fixtures';

async function screenshotFile(name: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ballast-e2e-shot-'));
  const file = path.join(dir, name);
  const figures = SAMPLE_FIGURES.tiktok[0]!;
  await writeFile(
    file,
    await renderScreenshot({ platform: 'tiktok', theme: 'light', device: 'phone', figures }),
  );
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

  await panel.getByLabel('TikTok screenshots').setInputFiles(await screenshotFile('tiktok-analytics.png'));
  await expect(panel.getByRole('list', { name: 'TikTok screenshots to upload' })).toContainText(
    'tiktok-analytics.png',
  );
  await expectNoAccessibilityViolations(page);
  await uploadButton.click();
  await expectToast(page, '1 screenshots uploaded and being analyzed');

  const shot = page.getByTestId('screenshot');
  await expect(shot).toContainText('tiktok-analytics.png');
  await expect(shot.getByRole('status')).toHaveText('Read', { timeout: 30_000 });
  await expect(shot).toContainText('Views: 3.4M');
  await expect(shot).toContainText('Likes: 402K');
  await expect(shot).toContainText('Estimated revenue: $312.40');

  await shot.getByRole('button', { name: 'Correct Likes on tiktok-analytics.png' }).click();
  await shot.getByLabel('Likes').fill('402500');
  await shot.getByRole('button', { name: 'Save' }).click();
  await expect(shot).toContainText('Likes: 402,500 (corrected)');
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
