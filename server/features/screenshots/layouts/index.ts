import type { ScreenshotPlatform } from '@common/screenshots';
import { type Distances, distancesOf, GENERAL_DISTANCES } from './distances';
import { instagramAppEn } from './instagram-app-en';
import { instagramBusinessSuiteEn } from './instagram-business-suite-en';
import { tiktokDe } from './tiktok-de';
import { tiktokEn } from './tiktok-en';
import { tiktokEs } from './tiktok-es';
import { tiktokFr } from './tiktok-fr';
import { tiktokIt } from './tiktok-it';
import { tiktokPt } from './tiktok-pt';
import type { LayoutCaption, ScreenLayout } from './types';
import { youtubeStudioDe } from './youtube-studio-de';
import { youtubeStudioEn } from './youtube-studio-en';

export type { Distances, LayoutCaption, ScreenLayout };
export { distancesOf, GENERAL_DISTANCES };

/** Every layout the reader knows (decision 067), one file each beside this one. */
export const LAYOUTS: readonly ScreenLayout[] = [
  youtubeStudioEn,
  youtubeStudioDe,
  instagramAppEn,
  instagramBusinessSuiteEn,
  tiktokEn,
  tiktokDe,
  tiktokFr,
  tiktokEs,
  tiktokPt,
  tiktokIt,
];

/**
 * The marks OCR reads a middle dot between words as ("Views · Last 48 hours"): a bullet, a hyphen or a
 * dash, a full stop, or an asterisk ("Views * Last 48 hours" on a dark card saved as a JPEG).
 */
export const MIDDLE_DOTS = '·•‧∙\\-–—.*';
const BETWEEN_WORDS = new RegExp(`\\s+[${MIDDLE_DOTS}]\\s+`, 'g');

/** A text as layouts are matched against it: lower case, accents off, one apostrophe, one dot between words. */
export const matchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(BETWEEN_WORDS, ' · ')
    .replace(/\s+/g, ' ')
    .trim();

const phrase = (words: string) =>
  new RegExp(
    `(?<![\\p{L}\\d])${matchable(words).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\d])`,
    'u',
  );
const recognisers = new Map(LAYOUTS.map((layout) => [layout, layout.recognisedBy.map(phrase)]));

/**
 * The layout a screen is, from the lines read on it: the platform's layout with the most of its
 * words seen, at least as many as it asks for; null (the general reader) where none is, or two are
 * as likely, since reading a screen by the wrong layout's captions loses its figures.
 */
export function detectLayout(platform: ScreenshotPlatform, lines: string[]): ScreenLayout | null {
  const text = lines.map(matchable).join('\n');
  const scored = LAYOUTS.filter((layout) => layout.platform === platform)
    .map((layout) => ({
      layout,
      seen: recognisers.get(layout)!.filter((pattern) => pattern.test(text)).length,
    }))
    .filter(({ layout, seen }) => seen >= layout.recognisedAt)
    .sort((a, b) => b.seen - a.seen);
  const [best, next] = scored;
  if (!best || (next && next.seen === best.seen)) return null;
  return best.layout;
}

const general = new Map<ScreenshotPlatform, ScreenLayout>();

/**
 * The general reader: every caption of every layout of the platform, longest first, with the
 * realtime panels of all. It reads a screen no layout recognised, and says it did (`isGeneral`).
 */
export function generalLayout(platform: ScreenshotPlatform): ScreenLayout {
  const known = general.get(platform);
  if (known) return known;
  const layouts = LAYOUTS.filter((layout) => layout.platform === platform);
  const captions = new Map<string, LayoutCaption>();
  for (const layout of layouts)
    for (const caption of layout.captions)
      if (!captions.has(caption.label)) captions.set(caption.label, caption);
  const layout: ScreenLayout = {
    id: `${platform}/general`,
    platform,
    name: 'the general reader',
    language: 'en',
    recognisedBy: [],
    recognisedAt: Number.POSITIVE_INFINITY,
    captions: [...captions.values()],
    realtime: {
      headings: [...new Set(layouts.flatMap((each) => each.realtime?.headings ?? []))],
      figuresAbove: layouts.some((each) => each.realtime?.figuresAbove),
    },
    notFigures: [...new Set(layouts.flatMap((each) => each.notFigures ?? []))],
    likesBesideIcons: layouts.some((each) => each.likesBesideIcons),
    distances: GENERAL_DISTANCES,
  };
  general.set(platform, layout);
  return layout;
}

export const isGeneral = (layout: ScreenLayout) => layout.id.endsWith('/general');

/** A layout by its id, for a screenshot read before (null for the general reader, or one since removed). */
export const layoutById = (id: string | null) => LAYOUTS.find((layout) => layout.id === id) ?? null;

/** Its captions, longest first: "watch time (hours)" is tried before "watch time". */
export const captionsOf = (layout: ScreenLayout) =>
  [...layout.captions].sort((a, b) => b.label.length - a.label.length);
