import { type FigureKind, type ScreenshotPlatform, SEEN_LINE_LENGTH, SEEN_LINES } from '@common/screenshots';
import type { OcrReader, OcrWord, Region } from '../../integrations/ocr/reader';
import { type Figure, figureOnly } from './figures';
import { canMeasure } from './labels';
import { type LocatedMetric, locateMetrics, type ReadMetric } from './layout';
import { boxOf } from './layout-clusters';
import { detectLayout, generalLayout, type ScreenLayout } from './layouts';
import { distancesOf } from './layouts/distances';
import { type Grey, glyphCount, glyphsOf, greyOf, marksIn, spreadOut, withSeparators } from './points';
import { characters, countedInPixels, digitsOf, type Reading, SURE, separatorsIn, settle } from './settle';
import { statedChange } from './stated-change';

/**
 * The figure in a figure's box read again: from the first word where one starts ("Views 87,312"), on
 * the box's tallest line first, since the change printed small under a figure ("+6,5 %") is on
 * another line, and its digits read with the figure's would be no figure, or the wrong one.
 */
export function figureIn(words: OcrWord[]): Reading | null {
  const lines = new Map<number, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const tallest = (line: OcrWord[]) => Math.max(...line.map((word) => word.y1 - word.y0));
  for (const line of [...lines.values()].sort((a, b) => tallest(b) - tallest(a))) {
    const sorted = [...line].sort((a, b) => a.x0 - b.x0);
    for (let index = 0; index < sorted.length; index++) {
      const rest = sorted.slice(index);
      const figure = figureOnly(rest.map((word) => word.text).join(' '));
      if (figure) return { figure, confidence: Math.min(...rest.map((word) => word.confidence)) };
    }
  }
  return null;
}

/** Heights, in pixels, a figure's box (padded) is enlarged to for its closer looks. */
const FIRST_LOOK = 160;
const MORE_LOOKS = [100, 220];
/**
 * And for the looks at a box as one line: as drawn first (undefined: not enlarged), since a bold
 * glyph enlarged past twice its height reads as another ("0" as "3") in a re-encoded screenshot.
 */
const ONE_LINE_LOOKS = [undefined, 100, FIRST_LOOK];

/** The readings whose value another of them has too. */
const agreeing = (readings: (Reading | null)[]) =>
  readings.filter(
    (reading): reading is Reading =>
      reading !== null &&
      readings.some((other) => other !== reading && other?.figure.value === reading.figure.value),
  );

/**
 * What a screen gave: its figures, every line of text seen on it, top to bottom, and the layout it
 * was read by (null: none was recognised, so the general reader read it).
 */
export type ScreenReading = {
  /** Each with the change its screen states beside it, in percent (stated-change.ts), or null. */
  metrics: (ReadMetric & {
    kind: FigureKind;
    statedChange: number | null;
    /**
     * Two looks OCR was sure of read it as different numbers: whichever the reader settled on, the
     * creator is asked to check it.
     */
    disputed: boolean;
  })[];
  lines: string[];
  layout: ScreenLayout | null;
};

/**
 * The lines of text on the screen, top to bottom, as a creator would recognise them; a line without
 * two letters or digits together (an icon, a stray mark) is not text worth showing.
 */
export function linesOf(words: OcrWord[]): string[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const word of words) byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  return [...byLine.values()]
    .map((line) => ({
      top: Math.min(...line.map((word) => word.y0)),
      text: [...line]
        .sort((a, b) => a.x0 - b.x0)
        .map((word) => word.text)
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim(),
    }))
    .filter((line) => /[\p{L}\d]{2}/u.test(line.text))
    .sort((a, b) => a.top - b.top)
    .map((line) => line.text);
}

/** The first lines seen, each cut short: what a screen without figures shows the creator. */
export const briefly = (lines: string[]) =>
  lines
    .slice(0, SEEN_LINES)
    .map((line) => (line.length > SEEN_LINE_LENGTH ? `${line.slice(0, SEEN_LINE_LENGTH - 1)}…` : line));

/**
 * The marks drawn in the box of the words inside `box` that spell `spelling` (not an arrow or icon
 * beside them read as one more word), or all of them when the figure is not known yet, and those
 * words; null when too small to tell.
 */
function marksOfWords(grey: Grey, words: OcrWord[], box: Region, spelling?: string) {
  const near = words.filter(
    (word) =>
      word.x0 >= box.x0 - 1 &&
      word.x1 <= box.x1 + 1 &&
      word.y0 >= box.y0 - 1 &&
      word.y1 <= box.y1 + 1 &&
      /\d|^[KMBkm£$€]$/.test(word.text),
  );
  const wanted = spelling === undefined ? Number.POSITIVE_INFINITY : glyphsOf(spelling).drawn.length;
  let spelled = 0;
  const own = near
    .sort((a, b) => a.x0 - b.x0)
    .filter((word) => {
      const spelling = spelled < wanted;
      spelled += word.text.replace(/[\s.,]/g, '').length;
      return spelling;
    });
  if (own.length === 0) return null;
  const marks = marksIn(grey, boxOf(own));
  return marks && { marks, own };
}

/**
 * The figure with a separator OCR lost and its pixels show ("24K" drawn as "2.4K"), found in the box
 * of the figure's own words; only a separator added, the digits as read.
 */
function separatorsDrawn(grey: Grey, words: OcrWord[], box: Region, figure: Figure): Figure {
  const drawn = marksOfWords(grey, words, box, figure.shown);
  if (!drawn) return figure;
  // The figure as read, or its words as OCR spelled them, an icon glued on included ("8453K®"), so
  // that each glyph drawn has its character.
  for (const spelling of [figure.shown, drawn.own.map((word) => word.text).join('')]) {
    const written = figureOnly(withSeparators(spelling, drawn.marks));
    const added = written && separatorsIn(written.shown) > separatorsIn(figure.shown);
    if (added && digitsOf(written.shown) === digitsOf(figure.shown)) return written;
  }
  return figure;
}

/** The figure in `box` read with its glyphs set apart (spreadOut), its words run together again. */
async function readApart(ocr: OcrReader, grey: Grey, box: Region): Promise<Reading | null> {
  const spread = await spreadOut(grey, box);
  if (!spread) return null;
  const whole = { x0: 0, y0: 0, x1: Number.MAX_SAFE_INTEGER, y1: Number.MAX_SAFE_INTEGER };
  const words = (await ocr.readWords(spread, { ...whole, height: FIRST_LOOK })).sort((a, b) => a.x0 - b.x0);
  const figure = words.length > 0 && figureOnly(words.map((word) => word.text).join(''));
  return figure ? { figure, confidence: Math.min(...words.map((word) => word.confidence)) } : null;
}

/**
 * Each figure of the layout where the first of the screen's readings that places it does, with the
 * words it was placed among: the reading by the screen's language, then English's. Two models see a
 * caption beside an icon, or a figure's narrow digits, differently, and either may be the one that
 * reads it.
 */
function locatedIn(layout: ScreenLayout, readings: OcrWord[][]) {
  const placed = new Map<string, LocatedMetric & { words: OcrWord[] }>();
  for (const words of readings)
    for (const found of locateMetrics(layout, words)) {
      const name = `${found.key}.${found.kind}`;
      if ((found.box || found.metric) && !placed.has(name)) placed.set(name, { ...found, words });
    }
  return [...placed.values()];
}

/**
 * Reads a screenshot's figures: the whole screen once to find each caption and its figure, then each
 * figure again, closer (cropped and enlarged), since small text loses its decimal point ("1.2M" read
 * as "12M") far more often than its layout; when the two readings differ, at two more enlargements.
 */
export async function readScreen(
  ocr: OcrReader,
  platform: ScreenshotPlatform,
  image: Buffer,
): Promise<ScreenReading> {
  const english = await ocr.readWords(image);
  // Which screen this is, from the words on it; the general reader for a screen no layout describes.
  const layout = detectLayout(platform, linesOf(english));
  // A screen in another language read again by its language's model: its captions' accents as
  // printed ("Visualizações", not "Visualizagoes"). Its figures' closer looks are digits, read as before.
  const words =
    layout && layout.language !== 'en' ? await ocr.readWords(image, undefined, layout.language) : english;
  const lines = linesOf(words);
  const readBy = layout ?? generalLayout(platform);
  const distances = distancesOf(readBy);
  const located = locatedIn(readBy, words === english ? [words] : [words, english]);
  const boxes = located.flatMap(({ box }) => (box ? [box] : []));
  let decoded: Promise<Grey> | undefined;
  const grey = () => (decoded ??= greyOf(image));
  const read = await Promise.all(
    located.map(async ({ key, label, kind, metric, box, sign, words }) => {
      if (!box) return metric && { ...metric, kind, statedChange: null, disputed: false };
      const padding = (box.y1 - box.y0) * 0.4;
      const region = (height: number | undefined, oneLine = false): Region => ({
        x0: box.x0 - padding * 1.5,
        y0: box.y0 - padding,
        x1: box.x1 + padding * 1.5,
        y1: box.y1 + padding,
        height,
        oneLine,
      });
      const look = async (height: number | undefined, oneLine = false) =>
        figureIn(await ocr.readWords(image, region(height, oneLine)));
      const first = await look(FIRST_LOOK);
      // A closer look that shows what the screen's reading showed settles it, unless both may have
      // lost a separator ("219K" for "21.9K"); otherwise two more.
      const agreed =
        metric && first?.figure.shown === metric.shown && !/^\D*\d+\s?[KMBkm]$/.test(metric.shown);
      const closer = [first, ...(agreed ? [] : await Promise.all(MORE_LOOKS.map((height) => look(height))))];
      // Nothing in the box at all, however close: the box read as the one line a figure is (a lone
      // "1" is too narrow to be found as text), as drawn and enlarged twice. What is read so is kept
      // only when two of those readings agree, since a dash or a stray mark read as one line is a digit.
      const asOneLine =
        !metric && closer.every((reading) => reading === null)
          ? agreeing(await Promise.all(ONE_LINE_LOOKS.map((height) => look(height, true))))
          : [];
      const readings = [...closer, ...asOneLine].filter((reading): reading is Reading => reading !== null);
      if (metric) readings.unshift({ figure: metric, confidence: metric.confidence });
      // A count is whole: "8,14" views is "8,114" with a digit lost.
      const possible = readings.filter((reading) => canMeasure(key, reading.figure));
      // The figure's glyphs, counted in the words OCR saw there, however it read them ("m,874").
      const drawn = marksOfWords(await grey(), words, box, metric?.shown);
      // Every reading has fewer characters than the figure has glyphs, or they disagree and OCR was
      // sure of none: one more look, the glyphs apart. For readings that disagree it counts only when
      // OCR is sure of it and it has a character for each glyph ("1,011" over "1,071" and "10M"); one
      // vote more would let an arrow read as a digit outvote the figure ("180" for "−18").
      const glyphs = drawn ? glyphCount(drawn.marks) : 0;
      const short = possible.every((reading) => characters(reading) < glyphs);
      const unsure =
        possible.every((reading) => reading.confidence < SURE) &&
        new Set(possible.map((reading) => reading.figure.value)).size > 1;
      let sureApart: Reading | null = null;
      if (drawn && (short || unsure)) {
        const apart = await readApart(ocr, await grey(), boxOf(drawn.own));
        if (apart && canMeasure(key, apart.figure)) {
          if (short) possible.push(apart);
          else if (apart.confidence >= SURE && characters(apart) === glyphs) sureApart = apart;
        }
      }
      if (possible.length === 0) return null;
      const counted = drawn && countedInPixels(possible, drawn.marks);
      const settled =
        sureApart ??
        (counted && canMeasure(key, counted.figure)
          ? counted
          : settle(possible, possible[0] === readings[0] && metric !== null));
      const figure = separatorsDrawn(await grey(), words, box, settled.figure);
      const { confidence } = settled;
      const disputed = possible.some(
        (reading) => reading.confidence >= SURE && reading.figure.value !== figure.value,
      );
      return {
        key,
        label,
        shown: figure.shown,
        // A fall over the period ("−18", its sign read with its caption's layout) is below nothing.
        value: sign === '-' ? -figure.value : figure.value,
        currency: figure.currency,
        confidence: Math.round(confidence),
        kind,
        // Read among English's words: a change is digits and a sign, which the language's model
        // reads no better ("+3957%" for "+35%").
        statedChange: await statedChange(ocr, image, english, box, boxes, distances),
        disputed,
      };
    }),
  );
  return {
    metrics: read.filter((metric): metric is ScreenReading['metrics'][number] => metric !== null),
    lines,
    layout,
  };
}
