import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenshotPlatform } from '@common/screenshots';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { escapeHtml } from '../../server/escape-html';
import { inlineFonts } from './analytics-screens-fonts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * The accuracy set: analytics screens written as HTML in the style of each platform's own
 * (tests/fixtures/screens/<platform>/<layout>.html, with the figures each rendering must read in
 * <layout>.json beside it), rendered by Chromium at the sizes creators' screenshots come in and
 * committed as images (tests/fixtures/screens/rendered/).
 */
export const SCREENS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/screens');

/** Phones at their native resolution (iPhone 13–15: 1170 × 2532; a common Android: 1080 × 2400), and desktops. */
export const SIZES = {
  iphone: { width: 390, height: 844, scale: 3 },
  android: { width: 360, height: 800, scale: 3 },
  desktop: { width: 1440, height: 900, scale: 1 },
  'desktop-hd': { width: 1920, height: 1080, scale: 1 },
} as const;
export type ScreenSize = keyof typeof SIZES;

/**
 * What a figure is, where the page says: a total (followers the account has), a change over the
 * period ("+389"), or a figure of the screen's realtime panel ("Views · Last 48 hours"), and the
 * account's or a single post's.
 */
export type FigureMeaning = { kind: 'total' | 'change' | 'realtime'; scope: 'account' | 'post' };

/**
 * A figure the screen shows and the number a reader must make of it. A screen that shows one metric
 * twice names the second by its kind: `subscribers.change` beside `subscribers` (its page fills
 * {{subscribers.change}}), so both are asked for, each as what it is.
 */
export type ScreenFigure = { key: string; shown: string; value: number; meaning?: FigureMeaning };

/** "subscribers.change" → the metric and the kind its name gives it; "views" → the metric alone. */
export function figureName(name: string): { key: string; kind?: 'change' | 'realtime' } {
  const [key, kind] = name.split('.') as [string, string | undefined];
  if (kind === undefined) return { key };
  if (kind !== 'change' && kind !== 'realtime')
    throw new Error(`"${name}": a figure is named metric.change or metric.realtime`);
  return { key, kind };
}

/** How pages state their period, as recorded in a screen's `period`. */
export const PERIODS = [
  'last_7_days',
  'last_28_days',
  'last_30_days',
  'last_60_days',
  'last_90_days',
  'last_365_days',
  'calendar_year',
  'custom_range',
  'lifetime',
  'unknown',
] as const;

/** The development half may be used to tune the reader; the held-out half is only ever measured. */
export type ScreenHalf = 'development' | 'held-out';

/** How the image was saved: PNG as a screenshot is, or re-encoded by a phone or a chat app. */
export type ImageFormat = 'png' | 'jpeg' | 'webp';

/** Part of the screen, in CSS pixels (the image has scale × as many). */
export type Crop = { x: number; y: number; width: number; height: number };

export type Screen = {
  /** "youtube/studio-overview#2" */
  id: string;
  platform: ScreenshotPlatform;
  layout: string;
  size: ScreenSize;
  theme: 'light' | 'dark';
  figures: ScreenFigure[];
  /**
   * Where the page's answer says (`changes` in its JSON): for each figure, the change the screen states
   * beside it in percent ("38% more than usual" is 38), or null where it states none.
   */
  changes?: Record<string, number | null>;
  half: ScreenHalf;
  /** The period as the page states it, where recorded. */
  period?: (typeof PERIODS)[number];
  format: ImageFormat;
  /** JPEG or WebP quality, 1–100. */
  quality?: number;
  crop?: Crop;
  /** The page as Chromium renders it. */
  html: string;
};

type LayoutFile = {
  name: string;
  screens: {
    size: ScreenSize;
    theme: 'light' | 'dark';
    /** key: [as shown, value]; each fills {{key}} in the page. */
    figures: Record<string, [string, number]>;
    changes?: Record<string, number | null>;
    /** Other text that changes between renderings (dates, distractors): fills {{name}}. */
    fill?: Record<string, string>;
    meaning?: Record<string, FigureMeaning>;
    half?: ScreenHalf;
    period?: (typeof PERIODS)[number];
    format?: ImageFormat;
    quality?: number;
    crop?: Crop;
  }[];
};

const PLATFORMS: ScreenshotPlatform[] = ['youtube', 'instagram', 'tiktok'];

/** Every screen of the set, in a stable order. */
export async function loadScreens(): Promise<Screen[]> {
  const screens: Screen[] = [];
  for (const platform of PLATFORMS) {
    const dir = path.join(SCREENS_DIR, platform);
    const css = await readFile(path.join(dir, 'platform.css'), 'utf8');
    const layouts = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
    for (const file of layouts) {
      const layout = file.replace(/\.json$/, '');
      const spec = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as LayoutFile;
      const template = await inlineFonts(await readFile(path.join(dir, `${layout}.html`), 'utf8'));
      for (const [index, screen] of spec.screens.entries()) {
        const values: Record<string, string> = { ...screen.fill };
        for (const [key, [shown]] of Object.entries(screen.figures)) values[key] = shown;
        const html = template
          .replace('<link rel="stylesheet" href="platform.css" />', `<style>${css}</style>`)
          .replace('<html lang="en">', `<html lang="en" class="${screen.theme}">`)
          // "{{name}}", or "{{name|default}}" for what most screens of a layout share (an arrow's way).
          .replace(/\{\{([\w.]+)(?:\|([^}]*))?\}\}/g, (_, name: string, fallback?: string) => {
            const value = values[name] ?? fallback;
            if (value === undefined)
              throw new Error(`${platform}/${file} screen ${index + 1}: no {{${name}}}`);
            return escapeHtml(value);
          });
        screens.push({
          id: `${platform}/${layout}#${index + 1}`,
          platform,
          layout,
          size: screen.size,
          theme: screen.theme,
          figures: Object.entries(screen.figures).map(([name, [shown, value]]) => {
            const { key, kind } = figureName(name);
            const stated = screen.meaning?.[name];
            const meaning = stated ?? (kind && { kind, scope: 'account' as const });
            return meaning ? { key, shown, value, meaning } : { key, shown, value };
          }),
          ...(screen.changes && { changes: screen.changes }),
          half: screen.half ?? 'development',
          period: screen.period,
          format: screen.format ?? 'png',
          quality: screen.quality,
          crop: screen.crop,
          html,
        });
      }
    }
  }
  return screens;
}

/**
 * The renderings the tests read, committed beside the pages: the same pixels on every machine, whatever
 * Chromium build or fonts it has (a reading that held on one build flipped on the next). `manifest.json`
 * records the page each image was drawn from, so an edited page without a fresh image fails at once.
 */
export const RENDERED_DIR = path.join(SCREENS_DIR, 'rendered');
const MANIFEST = path.join(RENDERED_DIR, 'manifest.json');

/**
 * What an image was drawn from: the page as filled in, the size it was drawn at and, when not a whole
 * screen as PNG, how it was saved (format, quality, crop).
 */
export function pageHash(screen: Screen): string {
  const { format, quality, crop } = screen;
  const saved = format === 'png' && !quality && !crop ? '' : `\n${JSON.stringify({ format, quality, crop })}`;
  return createHash('sha256').update(`${screen.size}\n${screen.html}${saved}`).digest('hex').slice(0, 24);
}

const EXTENSIONS: Record<ImageFormat, string> = { png: 'png', jpeg: 'jpg', webp: 'webp' };

/** `instagram/views-detail#1` → `rendered/instagram/views-detail-1.png` (`.jpg`, `.webp` as saved) */
export function imagePath(screen: Screen): string {
  return path.join(RENDERED_DIR, `${screen.id.replace('#', '-')}.${EXTENSIONS[screen.format]}`);
}

export async function readManifest(): Promise<Record<string, string>> {
  const text = await readFile(MANIFEST, 'utf8').catch(() => '{}');
  return JSON.parse(text) as Record<string, string>;
}

export async function writeManifest(manifest: Record<string, string>) {
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(MANIFEST, `${JSON.stringify(sorted, null, 2)}\n`);
}

/** The screens whose committed image is missing or was drawn from an older version of the page. */
export async function staleScreens(screens: Screen[]): Promise<Screen[]> {
  const manifest = await readManifest();
  const stale: Screen[] = [];
  for (const screen of screens) {
    const drawn = manifest[screen.id] === pageHash(screen);
    if (!drawn || !(await stat(imagePath(screen)).catch(() => null))) stale.push(screen);
  }
  return stale;
}

/** The committed image of each screen, as a phone, a browser or a chat app saved it. */
export async function loadScreenImages(screens: Screen[]): Promise<Map<string, Buffer>> {
  const stale = await staleScreens(screens);
  if (stale.length > 0)
    throw new Error(
      `${stale.length} screen image(s) are missing or older than their page (${stale
        .slice(0, 3)
        .map((screen) => screen.id)
        .join(', ')}…): run \`npm run screens:render\` and commit tests/fixtures/screens/rendered/`,
    );
  const images = new Map<string, Buffer>();
  for (const screen of screens) images.set(screen.id, await readFile(imagePath(screen)));
  return images;
}

/** One screen's committed image, for tests that upload a single realistic screenshot. */
export async function loadScreenImage(id: string): Promise<Buffer> {
  const screen = (await loadScreens()).find((candidate) => candidate.id === id);
  if (!screen) throw new Error(`No screen ${id} in ${SCREENS_DIR}`);
  return (await loadScreenImages([screen])).get(id)!;
}

/**
 * Draws screens in Chromium at their size and scale, cropped where the screen says, as PNGs compressed at
 * zlib's highest level (the same pixels in three quarters of Chromium's bytes) or re-encoded as JPEG or
 * WebP at the screen's quality. Used by `npm run screens:render` only.
 */
export async function drawScreens(screens: Screen[]): Promise<Map<string, Buffer>> {
  const images = new Map<string, Buffer>();
  if (screens.length === 0) return images;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const screen of screens) {
      const size = SIZES[screen.size];
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.scale,
        colorScheme: screen.theme,
      });
      const page = await context.newPage();
      await page.setContent(screen.html, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      const image = sharp(await page.screenshot({ type: 'png', clip: screen.crop }));
      await context.close();
      const quality = screen.quality ?? 80;
      const encoded =
        screen.format === 'jpeg'
          ? image.jpeg({ quality })
          : screen.format === 'webp'
            ? image.webp({ quality })
            : image.png({ compressionLevel: 9 });
      images.set(screen.id, await encoded.toBuffer());
    }
  } finally {
    await browser.close();
  }
  return images;
}
