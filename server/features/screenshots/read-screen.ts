import { type FigureKind, type ScreenshotPlatform, SEEN_LINE_LENGTH, SEEN_LINES } from '@common/screenshots';
import type { OcrReader, OcrWord, Region } from '../../integrations/ocr/reader';
import { type Figure, figureOnly } from './figures';
import { canMeasure } from './labels';
import { locateMetrics, type ReadMetric } from './layout';
import { boxOf } from './layout-clusters';
import { glyphsOf, type Mark, marksIn, spreadOut, withSeparators } from './points';

type Reading = { figure: Figure; confidence: number };

/** The figure in a line of text read again, from the first word where one starts ("Views 87,312"). */
function figureIn(words: OcrWord[]): Reading | null {
  const sorted = [...words].sort((a, b) => a.line - b.line || a.x0 - b.x0);
  for (let index = 0; index < sorted.length; index++) {
    const rest = sorted.slice(index);
    const figure = figureOnly(rest.map((word) => word.text).join(' '));
    if (figure) return { figure, confidence: Math.min(...rest.map((word) => word.confidence)) };
  }
  return null;
}

/** Heights, in pixels, a figure's box (padded) is enlarged to for its closer looks. */
const FIRST_LOOK = 160;
const MORE_LOOKS = [100, 220];

/** At or above this confidence OCR is sure of a reading. */
const SURE = 90;

/** Below this confidence OCR doubts its own reading too much for it to outweigh others. */
const DOUBTFUL = 50;

const digitsOf = (shown: string) => shown.replace(/[^\d]/g, '');
const hasSeparator = (shown: string) => /\d[.,]\d/.test(shown);

/** Whether `part`'s characters all appear in `whole`, in order ("814" in "8114"). */
function holdsInOrder(whole: string, part: string): boolean {
  let next = 0;
  for (const character of whole) if (character === part[next]) next += 1;
  return next === part.length;
}

/**
 * One figure from its readings. OCR drops a decimal point or comma far more often than it makes one
 * up, so of readings with the same digits the one with the separator wins ("45,6 K" over "456 K");
 * likewise a digit; otherwise the value most readings agree on, then the most confident. With
 * `screenFirst`, the first reading is the whole screen's, the others closer looks.
 */
export function settle(readings: Reading[], screenFirst = false): Reading {
  const withSeparator = readings.find(
    (reading) =>
      hasSeparator(reading.figure.shown) &&
      readings.some(
        (other) =>
          !hasSeparator(other.figure.shown) &&
          digitsOf(other.figure.shown) === digitsOf(reading.figure.shown),
      ),
  );
  if (withSeparator) return withSeparator;
  // Nor does it make up a digit: a reading whose digits hold every other's in order, and more of them,
  // with its separators in place ("8,114" over "814" and "84"), is the one that lost nothing.
  // Not when a shorter reading has as many separators ("288.5" beside "288.95"): then the digit is
  // the one made up; one with fewer lost a group with them ("18.171" beside "18.171,40 €").
  const separatorCount = (reading: Reading) => reading.figure.shown.match(/\d[.,]\d/g)?.length ?? 0;
  const fullest = readings.find(
    (reading) =>
      hasSeparator(reading.figure.shown) &&
      readings.every(
        (other) =>
          separatorCount(other) < separatorCount(reading) ||
          digitsOf(other.figure.shown).length >= digitsOf(reading.figure.shown).length,
      ) &&
      readings.every((other) => holdsInOrder(digitsOf(reading.figure.shown), digitsOf(other.figure.shown))) &&
      readings.some((other) => digitsOf(other.figure.shown).length < digitsOf(reading.figure.shown).length),
  );
  if (fullest) return fullest;
  // Nor does it group digits and then lose the grouping: readings without separators that only add
  // digits after those of one with its separators in place ("94120" beside "9,412 ©") took the icon
  // beside the figure for a digit.
  const grouped = readings.find(
    (reading) =>
      hasSeparator(reading.figure.shown) &&
      readings.some(
        (other) =>
          !hasSeparator(other.figure.shown) &&
          digitsOf(other.figure.shown).length > digitsOf(reading.figure.shown).length &&
          digitsOf(other.figure.shown).startsWith(digitsOf(reading.figure.shown)),
      ),
  );
  if (grouped) return grouped;
  // Closer looks that disagree among themselves ("98,940", "28,940") know less than the screen's own
  // reading when OCR was sure of it ("58,940" at 94) and they are of its shape or shorter ("0,204.90"
  // beside "£15,204.90").
  const [screen, ...closer] = readings;
  const shape = (reading: Reading) => reading.figure.shown.replace(/\d/g, '0');
  if (
    screenFirst &&
    screen &&
    screen.confidence >= SURE &&
    new Set(closer.map((reading) => reading.figure.value)).size > 1 &&
    closer.every((reading) => shape(reading) === shape(screen) || characters(reading) < characters(screen))
  )
    return screen;
  const votes = (reading: Reading) =>
    readings.filter((other) => other.figure.value === reading.figure.value).length;
  return [...readings].sort((a, b) => votes(b) - votes(a) || b.confidence - a.confidence)[0]!;
}

/** What a screen gave: its figures, and every line of text seen on it, top to bottom. */
export type ScreenReading = { metrics: (ReadMetric & { kind: FigureKind })[]; lines: string[] };

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
 * beside them read as one more word), and those words; null when too small to tell.
 */
async function marksOfWords(image: Buffer, words: OcrWord[], box: Region, spelling: string) {
  const near = words.filter(
    (word) =>
      word.x0 >= box.x0 - 1 &&
      word.x1 <= box.x1 + 1 &&
      word.y0 >= box.y0 - 1 &&
      word.y1 <= box.y1 + 1 &&
      /\d|^[KMBkm£$€]$/.test(word.text),
  );
  const wanted = glyphsOf(spelling).drawn.length;
  let spelled = 0;
  const own = near
    .sort((a, b) => a.x0 - b.x0)
    .filter((word) => {
      const spelling = spelled < wanted;
      spelled += word.text.replace(/[\s.,]/g, '').length;
      return spelling;
    });
  if (own.length === 0) return null;
  const marks = await marksIn(image, boxOf(own));
  return marks && { marks, own };
}

const separators = (shown: string) => shown.match(/[.,]/g)?.length ?? 0;

/**
 * The figure with a separator OCR lost and its pixels show ("24K" drawn as "2.4K"), found in the box
 * of the figure's own words; only a separator added, the digits as read.
 */
async function separatorsDrawn(
  image: Buffer,
  words: OcrWord[],
  box: Region,
  figure: Figure,
): Promise<Figure> {
  const drawn = await marksOfWords(image, words, box, figure.shown);
  if (!drawn) return figure;
  // The figure as read, or its words as OCR spelled them, an icon glued on included ("8453K®"), so
  // that each glyph drawn has its character.
  for (const spelling of [figure.shown, drawn.own.map((word) => word.text).join('')]) {
    const written = figureOnly(withSeparators(spelling, drawn.marks));
    const added = written && separators(written.shown) > separators(figure.shown);
    if (added && digitsOf(written.shown) === digitsOf(figure.shown)) return written;
  }
  return figure;
}

/** The characters of a reading that are drawn as glyphs: all but spaces and separators. */
const characters = (reading: Reading) => glyphsOf(reading.figure.shown).drawn.length;

/** The figure in `box` read with its glyphs set apart (spreadOut), its words run together again. */
async function readApart(ocr: OcrReader, image: Buffer, box: Region): Promise<Reading | null> {
  const spread = await spreadOut(image, box);
  if (!spread) return null;
  const whole = { x0: 0, y0: 0, x1: Number.MAX_SAFE_INTEGER, y1: Number.MAX_SAFE_INTEGER };
  const words = (await ocr.readWords(spread, { ...whole, height: FIRST_LOOK })).sort((a, b) => a.x0 - b.x0);
  const figure = words.length > 0 && figureOnly(words.map((word) => word.text).join(''));
  return figure ? { figure, confidence: Math.min(...words.map((word) => word.confidence)) } : null;
}

/**
 * The reading with one character for each glyph the figure is drawn with, when others have fewer and
 * it holds all their digits in order and OCR did not doubt it ("1M" lost a digit of "1.1M" the pixels
 * still count), written with the separators drawn; null when the pixels settle nothing.
 */
export function countedInPixels(readings: Reading[], marks: Mark[]): Reading | null {
  const glyphs = marks.filter((mark) => mark === 'glyph').length;
  if (!readings.some((reading) => characters(reading) < glyphs)) return null;
  const whole = readings.find(
    (reading) =>
      characters(reading) === glyphs &&
      reading.confidence >= DOUBTFUL &&
      // Not another reading with a character after it: an icon after the figure ("612" and "6120").
      !readings.some((other) => {
        const [mine, theirs] = [reading, other].map((one) => glyphsOf(one.figure.shown).drawn);
        return mine!.length > theirs!.length && mine!.startsWith(theirs!);
      }) &&
      readings.every((other) => holdsInOrder(digitsOf(reading.figure.shown), digitsOf(other.figure.shown))),
  );
  const figure = whole && figureOnly(withSeparators(whole.figure.shown, marks));
  return whole && figure && digitsOf(figure.shown) === digitsOf(whole.figure.shown)
    ? { figure, confidence: whole.confidence }
    : null;
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
  const words = await ocr.readWords(image);
  const located = locateMetrics(platform, words);
  const read = await Promise.all(
    located.map(async ({ key, label, metric, box, sign }) => {
      if (!box) return metric && { ...metric, kind: 'total' as const };
      const padding = (box.y1 - box.y0) * 0.4;
      const region = (height: number): Region => ({
        x0: box.x0 - padding * 1.5,
        y0: box.y0 - padding,
        x1: box.x1 + padding * 1.5,
        y1: box.y1 + padding,
        height,
      });
      const look = async (height: number) => figureIn(await ocr.readWords(image, region(height)));
      const first = await look(FIRST_LOOK);
      // A closer look that shows what the screen's reading showed settles it, unless both may have
      // lost a separator ("219K" for "21.9K"); otherwise two more.
      const agreed =
        metric && first?.figure.shown === metric.shown && !/^\D*\d+\s?[KMBkm]$/.test(metric.shown);
      const closer = [first, ...(agreed ? [] : await Promise.all(MORE_LOOKS.map(look)))];
      const readings = closer.filter((reading): reading is Reading => reading !== null);
      if (metric) readings.unshift({ figure: metric, confidence: metric.confidence });
      // A count is whole: "8,14" views is "8,114" with a digit lost.
      const possible = readings.filter((reading) => canMeasure(key, reading.figure));
      // The figure's glyphs, counted in the words OCR saw there, however it read them ("m,874").
      const inBox = words.filter((word) => word.x0 >= box.x0 - 1 && word.x1 <= box.x1 + 1);
      const drawn = await marksOfWords(
        image,
        words,
        box,
        metric?.shown ?? inBox.map((word) => word.text).join(''),
      );
      // Every reading has fewer characters than the figure has glyphs: one more look, the glyphs apart.
      const glyphs = drawn ? drawn.marks.filter((mark) => mark === 'glyph').length : 0;
      if (drawn && possible.every((reading) => characters(reading) < glyphs)) {
        const apart = await readApart(ocr, image, boxOf(drawn.own));
        if (apart && canMeasure(key, apart.figure)) possible.push(apart);
      }
      if (possible.length === 0) return null;
      const counted = drawn && countedInPixels(possible, drawn.marks);
      const settled =
        counted && canMeasure(key, counted.figure)
          ? counted
          : settle(possible, possible[0] === readings[0] && metric !== null);
      const figure = await separatorsDrawn(image, words, box, settled.figure);
      const { confidence } = settled;
      return {
        key,
        label,
        shown: figure.shown,
        // A fall over the period ("−18", its sign read with its caption's layout) is below nothing.
        value: sign === '-' ? -figure.value : figure.value,
        currency: figure.currency,
        confidence: Math.round(confidence),
        kind: sign ? ('change' as const) : ('total' as const),
      };
    }),
  );
  return {
    metrics: read.filter((metric): metric is ScreenReading['metrics'][number] => metric !== null),
    lines: linesOf(words),
  };
}
