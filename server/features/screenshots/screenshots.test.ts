import { crc32 } from 'node:zlib';
import type { Screenshot } from '@common/screenshots';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreenImage, loadScreens } from '../../../tests/support/analytics-screens';
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
    // The YouTube Studio app on an iPhone, in dark mode, from the accuracy set.
    const id = 'youtube/studio-app#1';
    const { figures } = (await loadScreens()).find((screen) => screen.id === id)!;
    const image = await loadScreenImage(id);
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
      shown: '£3,412.50',
      currency: 'GBP',
    });

    // A correction is typed as the screen shows it.
    const corrected = await request(`/api/screenshots/${analysed!.id}/metrics/views`, {
      method: 'PATCH',
      json: { value: '1.25M' },
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
    const notAFigure = await request(`/api/screenshots/${analysed!.id}/metrics/views`, {
      method: 'PATCH',
      json: { value: '1.2 million views' },
    });
    expect(notAFigure.status).toBe(400);
    expect(((await notAFigure.json()) as { message: string }).message).toBe(
      'Views: "1.2 million views" is not a figure. Enter it as the screen shows it, like 1.2M, 12.3K or £3,412.50.',
    );

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

  it('keeps a screen it cannot read, and takes the figures typed from it', async () => {
    const request = await newCreator();
    const blank = await sharp({ create: { width: 390, height: 844, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const response = await upload(request, [{ name: 'blank.png', data: blank }], 'tiktok');
    expect(response.status).toBe(201);
    await waitUntil(async () => (await list(request))[0]?.status !== 'pending', 60_000, 'the analysis');
    const [failed] = await list(request);
    expect(failed).toMatchObject({ status: 'failed', error: "Couldn't read this screen", metrics: [] });

    const path = `/api/screenshots/${failed!.id}/metrics`;
    const refusals = [
      [{ figures: { views: '3.4M', followers: 'lots' } }, 'Followers: "lots" is not a figure.'],
      [{ figures: { subscribers: '12' } }, '"subscribers" is not a figure on TikTok screens.'],
      [{ figures: { views: ' ' } }, 'Type at least one figure from the screen.'],
    ] as const;
    for (const [json, message] of refusals) {
      const refused = await request(path, { method: 'PUT', json });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(message);
    }
    expect((await list(request))[0]).toMatchObject({ status: 'failed', metrics: [] });

    const typed = await request(path, {
      method: 'PUT',
      json: { figures: { views: '3.4M', likes: '45,6 K', revenue: '$312.40', followers: '' } },
    });
    expect(typed.status).toBe(200);
    const [saved] = await list(request);
    expect(saved).toMatchObject({ status: 'analysed', error: null });
    expect(
      saved!.metrics.map(({ key, value, shown, isCorrected }) => [key, value, shown, isCorrected]),
    ).toEqual([
      ['views', 3_400_000, '3,400,000', true],
      ['likes', 45_600, '45,600', true],
      ['revenue', 312.4, '$312.40', true],
    ]);
    const { rows } = await t.database.pool.query(
      "SELECT metric, value FROM platform_metrics WHERE screenshot_id = $1 AND source = 'screenshot' ORDER BY metric",
      [failed!.id],
    );
    expect(rows.map((row) => row.metric)).toEqual(['likes', 'revenue', 'views']);
  }, 90_000);

  it('strips what the file carried besides pixels, and serves what it kept', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    const withExif = await sharp(await tinyPng())
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret location data' } })
      .toBuffer();
    expect(withExif.includes('secret location data')).toBe(true);
    const response = await upload(request, [{ name: 'phone.jpg', data: withExif, type: 'image/jpeg' }]);
    expect(response.status).toBe(201);
    const [stored] = await list(request);
    const served = await request(`/api/screenshots/${stored!.id}/image`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
    const kept = Buffer.from(await served.arrayBuffer());
    expect(kept.includes('secret location data')).toBe(false);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();

    // The row without its file (storage emptied by hand) answers 404, not a broken image or a 500.
    const [key] = await t.storage.list(`users/${user.id}/screenshots/`);
    await t.storage.delete(key!);
    expect((await request(`/api/screenshots/${stored!.id}/image`)).status).toBe(404);
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
