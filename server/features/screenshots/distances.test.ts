import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../integrations/ocr/reader';
import { locateMetrics } from './layout';
import { distancesOf, GENERAL_DISTANCES, generalLayout, LAYOUTS, type ScreenLayout } from './layouts';
import { tiktokEn } from './layouts/tiktok-en';
import { tiktokFr } from './layouts/tiktok-fr';
import { ocrLine as line } from './test-support';

/** The figures read by this layout exactly, named as answers name them. */
const readBy = (layout: ScreenLayout, words: OcrWord[]) =>
  Object.fromEntries(
    locateMetrics(layout, words).flatMap(({ metric, kind }) =>
      metric ? [[kind === 'total' ? metric.key : `${metric.key}.${kind}`, metric.value]] : [],
    ),
  );

const instagram = generalLayout('instagram');
/** The general reader with some distances of its own, as a layout file would set them. */
const withDistances = (layout: ScreenLayout, distances: ScreenLayout['distances']): ScreenLayout => ({
  ...layout,
  distances,
});

/** A card: its caption, 24 pixels high, and its figure `gap` caption heights under it. */
const card = (gap: number) => [...line(90, 300, 'Followers'), ...line(90, 324 + gap * 24, '48,211', 40)];

describe('a layout’s distances', () => {
  it('are the general reader’s, with the layout’s own set over them', () => {
    expect(distancesOf({})).toEqual(GENERAL_DISTANCES);
    expect(distancesOf(instagram)).toEqual(GENERAL_DISTANCES);
    expect(distancesOf({ distances: { belowNear: 3, column: 1.5 } })).toEqual({
      ...GENERAL_DISTANCES,
      belowNear: 3,
      column: 1.5,
    });
    // A distance left undefined is the general reader's.
    expect(distancesOf({ distances: { belowNear: undefined } }).belowNear).toBe(GENERAL_DISTANCES.belowNear);
  });

  it('are multiples a layout may set: every one a positive number', () => {
    for (const layout of [...LAYOUTS, instagram])
      for (const [name, value] of Object.entries(distancesOf(layout)))
        expect(Number.isFinite(value) && value > 0, `${layout.id} ${name}`).toBe(true);
  });

  it('place a card’s figure by the layout’s reach under its caption, not the general reader’s', () => {
    // Four caption heights under it: the card's figure by the general reader, which looks five down…
    expect(readBy(instagram, card(4))).toEqual({ followers: 48_211 });
    // …and not where the layout says a card's figure is at most three down.
    expect(readBy(withDistances(instagram, { belowNear: 3 }), card(4))).toEqual({});
    // Eight down is too far for the general reader, but not for a layout whose cards reach ten down.
    expect(readBy(instagram, card(8))).toEqual({});
    expect(readBy(withDistances(instagram, { belowNear: 10 }), card(8))).toEqual({ followers: 48_211 });
  });

  it('join a wrapped caption by the layout’s distance to the line under it', () => {
    const words = [
      ...line(40, 100, 'Vues des'),
      ...line(40, 130, 'publications'),
      ...line(40, 170, '402', 40),
    ];
    expect(readBy(tiktokFr, words)).toEqual({ views: 402 });
    // A layout whose wrapped lines sit closer than these two takes them for two lines of their own.
    expect(readBy(withDistances(tiktokFr, { nextLineGap: 0.2 }), words)).toEqual({});
  });

  it('stop a figure printed above its caption where the layout says such a figure stands nearer', () => {
    // YouTube Studio's app: "45.7K" over "Current subscribers".
    const words = [...line(409, 878, '45.7K', 74), ...line(346, 985, 'Current subscribers', 32)];
    const youtube = generalLayout('youtube');
    expect(readBy(youtube, words)).toEqual({ subscribers: 45_700 });
    expect(readBy(withDistances(youtube, { aboveGap: 0.5, aboveGapOfFigure: 0.2 }), words)).toEqual({});
  });
});

/** The source of a file beside this one, its comments left out. */
const codeOf = (file: string) =>
  readFileSync(new URL(file, import.meta.url), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|\s)\/\/.*$/gm, '');

describe('the placement code', () => {
  const files = ['figure-places.ts', 'caption-lines.ts', 'icon-row.ts', 'layout-clusters.ts', 'layout.ts'];

  it.each(files)('%s names its distances in layouts/distances.ts, with no number of its own', (file) => {
    const code = codeOf(file);
    // "h * 0.3", "other.height * 1.5", "(first.y1 - first.y0) * 0.7": a distance inline.
    const multiples = code.match(/[\w)\]]\s*\*\s*\d[\d.]*|\b\d[\d.]*\s*\*\s*[\w(]/g) ?? [];
    // "confidence < 45": an OCR confidence that decides a placement.
    const confidences = code.match(/confidence\s*[<>]=?\s*\d+/g) ?? [];
    const advice = `${file}: name the distance in layouts/distances.ts, and read it by distancesOf(layout)`;
    expect([...multiples, ...confidences], advice).toEqual([]);
  });
});

describe('distances TikTok’s app sets or needs', () => {
  /** One OCR line of words, each [text, x0, x1, height], on the line y. */
  const oneLine = (y: number, ...words: [string, number, number, number][]): OcrWord[] => {
    const [first] = line(0, y, 'x');
    return words.map(([text, x0, x1, height]) => ({ ...first!, text, x0, x1, y1: y + height }));
  };

  it('reads "Followers" after its person-with-a-plus icon read as "2+", two-thirds of its height away', () => {
    // As on tiktok/app-overview-badge-2026#3: the icon 635–672, the caption from 693, 32 high.
    const words = [
      ...oneLine(965, ['2+', 635, 672, 32], ['Followers', 693, 864, 30]),
      ...line(636, 1036, '207.4K', 51),
    ];
    expect(readBy(tiktokEn, words)).toEqual({ followers: 207_400 });
    expect(readBy(withDistances(tiktokEn, { iconGap: GENERAL_DISTANCES.iconGap }), words)).toEqual({});
  });

  it('reads a figure without the comment-count chip beside it, its count printed half as tall', () => {
    const chip = (height: number) => [
      ...line(89, 966, 'Likes', 30),
      ...oneLine(1036, ['133.9K', 87, 306, 51], ['318', 353, 444, height]),
    ];
    expect(readBy(tiktokEn, chip(25))).toEqual({ likes: 133_900 });
    // As tall as the figure, the words after it are more of it: no figure.
    expect(readBy(tiktokEn, chip(51))).toEqual({});
  });
});
