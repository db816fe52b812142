import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenshotPlatform } from '@common/screenshots';
import { chromium } from '@playwright/test';
import { escapeHtml } from '../../server/escape-html';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * The accuracy set: analytics screens written as HTML in the style of each platform's own
 * (tests/fixtures/screens/<platform>/<layout>.html, with the figures each rendering must read in
 * <layout>.json beside it), rendered by Chromium at the sizes creators' screenshots come in.
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

/** A figure the screen shows and the number a reader must make of it. */
export type ScreenFigure = { key: string; shown: string; value: number };

export type Screen = {
  /** "youtube/studio-overview#2" */
  id: string;
  platform: ScreenshotPlatform;
  layout: string;
  size: ScreenSize;
  theme: 'light' | 'dark';
  figures: ScreenFigure[];
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
    /** Other text that changes between renderings (dates, distractors): fills {{name}}. */
    fill?: Record<string, string>;
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
      const template = await readFile(path.join(dir, `${layout}.html`), 'utf8');
      for (const [index, screen] of spec.screens.entries()) {
        const values: Record<string, string> = { ...screen.fill };
        for (const [key, [shown]] of Object.entries(screen.figures)) values[key] = shown;
        const html = template
          .replace('<link rel="stylesheet" href="platform.css" />', `<style>${css}</style>`)
          .replace('<html lang="en">', `<html lang="en" class="${screen.theme}">`)
          .replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
            const value = values[name];
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
          figures: Object.entries(screen.figures).map(([key, [shown, value]]) => ({ key, shown, value })),
          html,
        });
      }
    }
  }
  return screens;
}

const CACHE_DIR = path.join(tmpdir(), 'ballast-screens');

/**
 * PNGs of the screens, as a phone or a browser would save them. Renderings are kept in the system's
 * temporary folder under a hash of the page and its size, so a second run only renders what changed.
 */
export async function renderScreens(screens: Screen[]): Promise<Map<string, Buffer>> {
  await mkdir(CACHE_DIR, { recursive: true });
  const images = new Map<string, Buffer>();
  const missing: { screen: Screen; file: string }[] = [];
  for (const screen of screens) {
    const hash = createHash('sha256').update(`${screen.size}\n${screen.html}`).digest('hex').slice(0, 24);
    const file = path.join(CACHE_DIR, `${hash}.png`);
    const cached = await readFile(file).catch(() => null);
    if (cached) images.set(screen.id, cached);
    else missing.push({ screen, file });
  }
  if (missing.length === 0) return images;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const { screen, file } of missing) {
      const size = SIZES[screen.size];
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: size.scale,
        colorScheme: screen.theme,
      });
      const page = await context.newPage();
      await page.setContent(screen.html, { waitUntil: 'load' });
      const image = await page.screenshot({ type: 'png' });
      await context.close();
      await writeFile(file, image);
      images.set(screen.id, image);
    }
  } finally {
    await browser.close();
  }
  return images;
}

/** One screen rendered, for tests that upload a single realistic screenshot. */
export async function renderScreen(id: string): Promise<Buffer> {
  const screen = (await loadScreens()).find((candidate) => candidate.id === id);
  if (!screen) throw new Error(`No screen ${id} in ${SCREENS_DIR}`);
  return (await renderScreens([screen])).get(id)!;
}
