import { SCREENSHOT_FIELDS } from '@common/screenshots';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import {
  imagePath,
  loadScreenImages,
  loadScreens,
  PERIODS,
  type Screen,
  SIZES,
  staleScreens,
} from './analytics-screens';
import { isTuned, TUNED_LAYOUTS } from './screen-accuracy';

it('has a committed image for every screen, drawn from the page as it is now', async () => {
  const screens = await loadScreens();
  expect((await staleScreens(screens)).map((screen) => screen.id)).toEqual([]);
});

it('refuses an image drawn from an older version of its page, naming the command that draws it', async () => {
  const [screen] = await loadScreens();
  const edited = { ...screen!, html: screen!.html.replace('</body>', '<p>a new card</p></body>') };
  expect((await staleScreens([edited])).map((stale) => stale.id)).toEqual([screen!.id]);
  await expect(loadScreenImages([edited])).rejects.toThrow(/npm run screens:render/);
});

it('draws a new version of an image saved differently: another format, quality or crop', async () => {
  const [screen] = await loadScreens();
  for (const saved of [{ format: 'jpeg', quality: 80 }, { crop: { x: 0, y: 0, width: 200, height: 100 } }])
    expect((await staleScreens([{ ...screen!, ...saved } as Screen])).length).toBe(1);
});

it('describes every screen with fields the reader has, a known period and meanings of its own figures', async () => {
  for (const screen of await loadScreens()) {
    const keys = screen.figures.map((figure) => figure.key);
    expect(SCREENSHOT_FIELDS[screen.platform], screen.id).toEqual(expect.arrayContaining(keys));
    expect(['development', 'held-out'], screen.id).toContain(screen.half);
    if (screen.period) expect(PERIODS, screen.id).toContain(screen.period);
    if (screen.quality) expect(['jpeg', 'webp'], screen.id).toContain(screen.format);
    const { width, height } = SIZES[screen.size];
    if (screen.crop) {
      expect(screen.crop.x + screen.crop.width, screen.id).toBeLessThanOrEqual(width);
      expect(screen.crop.y + screen.crop.height, screen.id).toBeLessThanOrEqual(height);
    }
  }
});

it('keeps a held-out half of at least 18 screens and 50 figures from every platform, never the tuned screens', async () => {
  const screens = await loadScreens();
  const heldOut = screens.filter((screen) => screen.half === 'held-out');
  expect(heldOut.length).toBeGreaterThanOrEqual(18);
  expect(heldOut.reduce((sum, screen) => sum + screen.figures.length, 0)).toBeGreaterThanOrEqual(50);
  expect(new Set(heldOut.map((screen) => screen.platform))).toEqual(
    new Set(['youtube', 'instagram', 'tiktok']),
  );
  // The 64 original screens, and the development screens of layouts reworked since; a layout's
  // held-out screens stay out of the test whatever TUNED_LAYOUTS says.
  const tuned = screens.filter(isTuned);
  expect(tuned.length).toBeGreaterThanOrEqual(64);
  expect(tuned.filter((screen) => screen.half !== 'development')).toEqual([]);
  expect(heldOut.filter(isTuned)).toEqual([]);
  expect(
    heldOut.filter((screen) => TUNED_LAYOUTS.includes(`${screen.platform}/${screen.layout}`)).length,
  ).toBeGreaterThan(0);
});

it('commits each image in the format, and at the size or crop, its screen says', async () => {
  for (const screen of await loadScreens()) {
    const { width, height, scale } = SIZES[screen.size];
    const meta = await sharp(imagePath(screen)).metadata();
    expect(meta.format, screen.id).toBe(screen.format);
    expect([meta.width, meta.height], screen.id).toEqual([
      (screen.crop?.width ?? width) * scale,
      (screen.crop?.height ?? height) * scale,
    ]);
  }
});
