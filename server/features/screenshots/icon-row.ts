import type { ScreenshotPlatform } from '@common/screenshots';
import type { OcrWord, Region } from '../../integrations/ocr/reader';
import { type Figure, figureOnly, WORD_SUFFIX } from './figures';
import { isNoise } from './layout-clusters';
import { type Distances, distancesOf, type ScreenLayout } from './layouts';

/*
 * A post's own page on Instagram and TikTok heads its figures with a row of icons and counts and no
 * captions: a heart and its likes first, then comments, shares and saves ("♥ 604  💬 17  ➤ 12  🔖 96").
 * OCR reads the icons as stray marks, or glues one to its count ("[A888"), so the row is known by its
 * shape: at least three counts side by side with no word among them, in the upper part of the screen.
 * The first count is the likes. How high the row is, and how near a caption or a shortening, is the
 * layout's (`iconRowUpper`, `gluedWidth`, `countCaptionGap`, `suffixGap` in layouts/distances.ts).
 */

const ROW_PLATFORMS: readonly ScreenshotPlatform[] = ['instagram', 'tiktok'];
/** Counts at least this many, side by side. */
const MIN_COUNTS = 3;

/** An icon OCR made into a few letters and digits ("[A888", "<7"): no word of three letters. */
const iconLike = (text: string) => !/[a-z]{3}/i.test(text) && text.length <= 6;

/** A count, or a count with its icon glued before it as a mark or two ("Q19.7K", "[31,086"). */
const countOf = (text: string) => figureOnly(text) ?? figureOnly(text.replace(/^[^\d£$€\s]{1,2}(?=\d)/, ''));

/** A shortening OCR boxed apart from its count ("87,7 mil", "45,6 K"). */
const SUFFIX_ALONE = new RegExp(`^(?:[KMBk]|${WORD_SUFFIX.source})$`);
const isSuffix = (text: string) => SUFFIX_ALONE.test(text);

/**
 * Digits with an icon glued on that OCR made into letters ("QNM77K" for a heart and "117.7K"): too
 * garbled to read here, but a count all the same, for a closer look to read.
 */
const garbledCount = (text: string) => /\d/.test(text) && text.length <= 8 && !/\p{L}{4}/u.test(text);

/** The row's words left to right, a shortening joined to the count before it. */
function joined(row: OcrWord[], d: Distances): OcrWord[] {
  const words: OcrWord[] = [];
  for (const word of [...row].sort((a, b) => a.x0 - b.x0)) {
    const last = words.at(-1);
    if (
      last &&
      /\d$/.test(last.text) &&
      isSuffix(word.text) &&
      word.x0 - last.x1 < (last.y1 - last.y0) * d.suffixGap
    )
      words[words.length - 1] = {
        ...last,
        text: `${last.text} ${word.text}`,
        x1: word.x1,
        y0: Math.min(last.y0, word.y0),
        y1: Math.max(last.y1, word.y1),
        confidence: Math.min(last.confidence, word.confidence),
      };
    else words.push(word);
  }
  return words;
}

/** A caption right above or under a count (a card's "Views" over its figure): not an icon's count. */
function isCaptioned(count: OcrWord, words: OcrWord[], d: Distances): boolean {
  const reach = (count.y1 - count.y0) * d.countCaptionGap;
  return words.some(
    (word) =>
      /[a-z]{3}/i.test(word.text) &&
      word.x0 < count.x1 &&
      word.x1 > count.x0 &&
      (Math.abs(count.y0 - word.y1) < reach || Math.abs(word.y0 - count.y1) < reach),
  );
}

/** The likes' count as read, or null when only a closer look can read it. */
export type IconRowLikes = { figure: Figure | null; box: Region; confidence: number };

/**
 * The heart glued to its count and all read as a few letters ("Qo" for "♥ 96", "QuUK" for "♥ 1.1K"):
 * the row's first word, without a digit, as wide as an icon and a count, not an icon alone.
 */
const gluedLetters = (word: OcrWord, d: Distances) =>
  !/\d/.test(word.text) && word.text.length <= 5 && word.x1 - word.x0 >= (word.y1 - word.y0) * d.gluedWidth;

/**
 * The likes at the head of a post's page, or null where the screen has no such row. The row is in the
 * upper part of the screen or above the first caption (`captionsFrom`), as in a creator's snip of the
 * post's head and its first cards.
 */
export function likesFromIconRow(
  layout: ScreenLayout,
  words: OcrWord[],
  captionsFrom = Number.NEGATIVE_INFINITY,
): IconRowLikes | null {
  if (!ROW_PLATFORMS.includes(layout.platform) || words.length === 0) return null;
  const d = distancesOf(layout);
  const bottom = Math.max(...words.map((word) => word.y1));
  const top = Math.min(...words.map((word) => word.y0));
  const upTo = Math.max(top + (bottom - top) * d.iconRowUpper, captionsFrom);
  const rows: OcrWord[][] = [];
  for (const word of [...words].sort((a, b) => a.y0 - b.y0)) {
    const middle = (word.y0 + word.y1) / 2;
    const row = rows.find((some) => some.some((other) => middle >= other.y0 && middle <= other.y1));
    if (row) row.push(word);
    else rows.push([word]);
  }
  for (const row of rows) {
    if (Math.min(...row.map((word) => word.y0)) >= upTo) break;
    const read = joined(row, d).map((word) => ({ word, count: countOf(word.text) }));
    const glued = read[0] && !isNoise(read[0].word.text) && gluedLetters(read[0].word, d) ? read[0] : null;
    const fits = (one: (typeof read)[number]) =>
      one === glued ||
      isNoise(one.word.text) ||
      iconLike(one.word.text) ||
      one.count ||
      garbledCount(one.word.text);
    if (!read.every(fits)) continue;
    const counts = read.filter((one) => one === glued || /\d/.test(one.word.text));
    if (counts.some(({ word }) => isCaptioned(word, words, d))) continue;
    const values = counts.flatMap(({ count }) => (count ? [count.value] : []));
    if (counts.length - (glued ? 1 : 0) < MIN_COUNTS || values.length < MIN_COUNTS - 1) continue;
    const steps = new Set(values.slice(1).map((value, index) => value - values[index]!));
    // A chart's axis ("0  10K  20K  30K") is counts in even steps, not a post's.
    // Two counts make one step whatever they are: an axis takes three.
    if (values.length >= 3 && steps.size === 1 && [...steps][0]! > 0) continue;
    const { word: first, count: figure } = counts[0]!;
    if (figure?.currency) continue;
    const { x0, y0, x1, y1 } = first;
    return { figure, box: { x0, y0, x1, y1 }, confidence: first.confidence };
  }
  return null;
}
