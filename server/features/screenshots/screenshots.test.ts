import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { Screenshot } from '@common/screenshots';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderScreenshot, SAMPLE_FIGURES } from '../../../tests/support/analytics-screenshots';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, screenshotAnalysis: true });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Request = ReturnType<typeof as>;
const newCreator = async () => as(t, await signUpUser(t));

function upload(
  request: Request,
  files: { name: string; data: Buffer; type?: string }[],
  platform = 'youtube',
) {
  const form = new FormData();
  form.set('platform', platform);
  form.set('uploadType', 'screenshots');
  for (const file of files)
    form.append(
      'files',
      new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }),
      file.name,
    );
  return request('/api/upload/screenshots', { method: 'POST', body: form });
}

const list = async (request: Request) => (await (await request('/api/screenshots')).json()) as Screenshot[];
const tinyPng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
    .png()
    .toBuffer();

describe('uploading screenshots', () => {
  it('keeps them, reads their figures in the background, and lets the creator correct one', async () => {
    const request = await newCreator();
    const figures = SAMPLE_FIGURES.youtube[0]!;
    const image = await renderScreenshot({ platform: 'youtube', theme: 'dark', device: 'phone', figures });
    const response = await upload(request, [{ name: 'studio.png', data: image }]);
    expect(response.status).toBe(201);
    const { screenshots } = (await response.json()) as { screenshots: Screenshot[] };
    expect(screenshots).toMatchObject([{ platform: 'youtube', fileName: 'studio.png', status: 'pending' }]);

    await waitUntil(async () => (await list(request))[0]?.status !== 'pending', 60_000, 'the analysis');
    const [analysed] = await list(request);
    expect(analysed!.status).toBe('analysed');
    expect(Object.fromEntries(analysed!.metrics.map((metric) => [metric.key, metric.value]))).toEqual(
      Object.fromEntries(figures.map((figure) => [figure.key, figure.value])),
    );
    expect(analysed!.metrics.find((metric) => metric.key === 'revenue')).toMatchObject({
      shown: '£1,204.50',
      currency: 'GBP',
    });

    const corrected = await request(`/api/screenshots/${analysed!.id}/metrics/views`, {
      method: 'PATCH',
      json: { value: 1_250_000 },
    });
    expect(corrected.status).toBe(200);
    expect(
      ((await corrected.json()) as Screenshot).metrics.find((metric) => metric.key === 'views'),
    ).toMatchObject({
      value: 1_250_000,
      shown: '1,250,000',
      confidence: 100,
      isCorrected: true,
    });

    // The figures are platform metrics (what the health check and alerts read), corrected ones too.
    const { rows } = await t.database.pool.query(
      "SELECT metric, value FROM platform_metrics WHERE screenshot_id = $1 AND source = 'screenshot' ORDER BY metric",
      [analysed!.id],
    );
    expect(rows).toHaveLength(figures.length);
    expect(rows.find((row) => row.metric === 'views')).toEqual({ metric: 'views', value: 1_250_000 });
    // A screenshot is evidence of the platform: YouTube counts towards the health check's platforms.
    const check = (await (await request('/api/health-check', { method: 'POST' })).json()) as {
      engagementResilienceScore: number;
    };
    expect(check.engagementResilienceScore).toBe(10);

    // Another creator can neither see nor correct it.
    const other = await newCreator();
    expect(await list(other)).toEqual([]);
    const refused = await other(`/api/screenshots/${analysed!.id}/metrics/views`, {
      method: 'PATCH',
      json: { value: 1 },
    });
    expect(refused.status).toBe(404);
  }, 90_000);

  it('strips what the file carried besides pixels', async () => {
    const request = await newCreator();
    const withExif = await sharp(await tinyPng())
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret location data' } })
      .toBuffer();
    expect(withExif.includes('secret location data')).toBe(true);
    const response = await upload(request, [{ name: 'phone.jpg', data: withExif, type: 'image/jpeg' }]);
    expect(response.status).toBe(201);
    const [stored] = await list(request);
    const { rows } = await t.database.pool.query('SELECT stored_name FROM screenshots WHERE id = $1', [
      stored!.id,
    ]);
    const kept = await readFile(path.join(t.config.dataDir, 'uploads', 'screenshots', rows[0].stored_name));
    expect(kept.includes('secret location data')).toBe(false);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
  });

  it('refuses by the bytes, not the name, and keeps none of a batch with one bad file', async () => {
    const request = await newCreator();
    const good = await tinyPng();
    const response = await upload(request, [
      { name: 'good.png', data: good },
      { name: 'notes.png', data: Buffer.from('just some text, not an image'), type: 'image/png' },
    ]);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(
      'Invalid File Type: notes.png is not a supported image format. Upload JPEG, PNG or WebP screenshots.',
    );
    expect(await list(request)).toEqual([]);
  });

  it('refuses a truncated PNG, a file over 10 MB and more than 10 files, saying which and why', async () => {
    const request = await newCreator();
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#09c' } })
      .png()
      .toBuffer();
    const truncated = await upload(request, [{ name: 'cut.png', data: png.subarray(0, png.length - 40) }]);
    expect(truncated.status).toBe(400);
    expect(((await truncated.json()) as { message: string }).message).toBe(
      'cut.png could not be read as an image: it may be damaged or incomplete.',
    );

    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    const tooBig = await upload(request, [{ name: 'huge.png', data: big }]);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'huge.png is larger than 10 MB. Upload a smaller screenshot.',
    );

    const eleven = Array.from({ length: 11 }, (_, index) => ({ name: `s${index}.png`, data: png }));
    const tooMany = await upload(request, eleven);
    expect(tooMany.status).toBe(413);
    expect(((await tooMany.json()) as { message: string }).message).toBe(
      'Upload at most 10 screenshots at a time.',
    );
    expect(await list(request)).toEqual([]);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const request = await newCreator();
    // A tiny PNG whose header claims 30,000 × 30,000 pixels (900 megapixels).
    const png = Buffer.from(await tinyPng());
    png.writeUInt32BE(30_000, 16);
    png.writeUInt32BE(30_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const response = await upload(request, [{ name: 'bomb.png', data: png }]);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(
      'bomb.png is too large an image (more than 16 megapixels). Upload a screenshot of your screen.',
    );
    expect(await list(request)).toEqual([]);
  });

  it('asks for the platform and at least one file', async () => {
    const request = await newCreator();
    const noPlatform = await upload(request, [{ name: 'a.png', data: await tinyPng() }], 'myspace');
    expect(noPlatform.status).toBe(400);
    expect(((await noPlatform.json()) as { message: string }).message).toBe(
      'Choose the platform: instagram, youtube, tiktok.',
    );
    const none = await upload(request, []);
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe(
      'Choose at least one screenshot to upload.',
    );
  });
});
