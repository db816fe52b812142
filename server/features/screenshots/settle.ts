import { type Figure, figureOnly } from './figures';
import { glyphCount, glyphsOf, type Mark, withSeparators } from './points';

/** One reading of a figure, and how sure OCR was of it (0–100). */
export type Reading = { figure: Figure; confidence: number };

/** At or above this confidence OCR is sure of a reading. */
export const SURE = 90;

/** Below this confidence OCR doubts its own reading too much for it to outweigh others. */
const DOUBTFUL = 50;

export const digitsOf = (shown: string) => shown.replace(/[^\d]/g, '');
/** How many separators group or divide a figure's digits ("1.234,50 €" has two). */
export const separatorsIn = (shown: string) => shown.match(/\d[.,]\d/g)?.length ?? 0;
const hasSeparator = (shown: string) => separatorsIn(shown) > 0;

/** Whether `part`'s characters all appear in `whole`, in order ("814" in "8114"). */
function holdsInOrder(whole: string, part: string): boolean {
  let next = 0;
  for (const character of whole) if (character === part[next]) next += 1;
  return next === part.length;
}

/**
 * The reading with its separators in place over another without any whose digits (`theirs`) relate
 * to its own (`mine`) as `lost` says: OCR lost the separator, or the grouping with it.
 */
const keptOver = (readings: Reading[], lost: (mine: string, theirs: string) => boolean) =>
  readings.find(
    (reading) =>
      hasSeparator(reading.figure.shown) &&
      readings.some(
        (other) =>
          !hasSeparator(other.figure.shown) &&
          lost(digitsOf(reading.figure.shown), digitsOf(other.figure.shown)),
      ),
  );

/**
 * One figure from its readings. OCR drops a decimal point or comma far more often than it makes one
 * up, so of readings with the same digits the one with the separator wins ("45,6 K" over "456 K");
 * likewise a digit; otherwise the value most readings agree on, then the most confident. With
 * `screenFirst`, the first reading is the whole screen's, the others closer looks.
 */
export function settle(readings: Reading[], screenFirst = false): Reading {
  const withSeparator = keptOver(readings, (mine, theirs) => theirs === mine);
  if (withSeparator) return withSeparator;
  // Nor does it make up a digit: a reading whose digits hold every other's in order, and more of them,
  // with its separators in place ("8,114" over "814" and "84"), is the one that lost nothing.
  // Not when a shorter reading has as many separators ("288.5" beside "288.95"): then the digit is
  // the one made up; one with fewer lost a group with them ("18.171" beside "18.171,40 €").
  const fullest = readings.find(
    (reading) =>
      hasSeparator(reading.figure.shown) &&
      readings.every(
        (other) =>
          separatorsIn(other.figure.shown) < separatorsIn(reading.figure.shown) ||
          digitsOf(other.figure.shown).length >= digitsOf(reading.figure.shown).length,
      ) &&
      readings.every((other) => holdsInOrder(digitsOf(reading.figure.shown), digitsOf(other.figure.shown))) &&
      readings.some((other) => digitsOf(other.figure.shown).length < digitsOf(reading.figure.shown).length),
  );
  if (fullest) return fullest;
  // Nor does it group digits and then lose the grouping: readings without separators that only add
  // digits after those of one with its separators in place ("94120" beside "9,412 ©") took the icon
  // beside the figure for a digit.
  const grouped = keptOver(
    readings,
    (mine, theirs) => theirs.length > mine.length && theirs.startsWith(mine),
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

/** Whether `short` is `long` with one of a run of repeated characters left out ("1171", "11711"). */
const runShortened = (long: string, short: string) =>
  [...long].some(
    (character, at) =>
      at > 0 && long[at - 1] === character && long.slice(0, at) + long.slice(at + 1) === short,
  );

/** The characters of a reading that are drawn as glyphs: all but spaces and separators. */
export const characters = (reading: Reading) => glyphsOf(reading.figure.shown).drawn.length;

/**
 * The reading with one character for each glyph the figure is drawn with, when others have fewer and
 * it holds all their digits in order and OCR did not doubt it ("1M" lost a digit of "1.1M" the pixels
 * still count), written with the separators drawn; null when the pixels settle nothing.
 */
export function countedInPixels(readings: Reading[], marks: Mark[]): Reading | null {
  const glyphs = glyphCount(marks);
  if (!readings.some((reading) => characters(reading) < glyphs)) return null;
  const whole = readings.find(
    (reading) =>
      characters(reading) === glyphs &&
      reading.confidence >= DOUBTFUL &&
      // Not another reading with a character after it: an icon after the figure ("612" and "6120"),
      // unless the other is this one with a run of a digit shortened ("1171" for "11711"): OCR runs
      // repeated narrow digits together.
      !readings.some((other) => {
        const [mine, theirs] = [reading, other].map((one) => glyphsOf(one.figure.shown).drawn);
        return mine!.length > theirs!.length && mine!.startsWith(theirs!) && !runShortened(mine!, theirs!);
      }) &&
      readings.every((other) => holdsInOrder(digitsOf(reading.figure.shown), digitsOf(other.figure.shown))),
  );
  const figure = whole && figureOnly(withSeparators(whole.figure.shown, marks));
  return whole && figure && digitsOf(figure.shown) === digitsOf(whole.figure.shown)
    ? { figure, confidence: whole.confidence }
    : null;
}
