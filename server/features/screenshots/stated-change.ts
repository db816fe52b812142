import type { OcrReader, OcrWord, Region } from '../../integrations/ocr/reader';
import type { Distances } from './layouts/distances';

/**
 * The change a screen states beside a figure against the period before it, or the channel's usual
 * ("↓ 35%", "-3.8%", "38% more than usual", "14 % mehr als üblich"): a percentage with its direction,
 * printed on the figure's line or in the lines just under it. The platforms compute it on their own
 * data, so it is evidence of a fall in itself (alerts, screenshot-fall.ts).
 *
 * The change is printed small, and a screen read whole loses its decimal point ("5.1%" as "51%") or
 * reads its arrow as a digit ("↑ 21%" as "121%"): the line is read again closer, twice, and a change
 * is kept only when both closer looks read the same percentage and neither says the other way. A
 * percentage without a direction ("42% from followers", "About the same") is no change: an arrow OCR
 * could not read leaves the figure without one rather than with a guess.
 */

/** Heights, in pixels, the change's line is enlarged to for its two closer looks. */
const LOOKS = [60, 90];

const PERCENT = /(?<![\p{L}\d.,])([+\-−–—↑↓▲▼])?\s?(\d{1,3}(?:[.,]\d{1,2})?)\s?%/u;
/** Words that say which way, in the languages the platforms are read in. */
const UP = /(?<![\p{L}])(?:more|higher|up|above|mehr|höher|hoher|plus|más|mas|mais|più|piu)(?![\p{L}])/iu;
const DOWN = /(?<![\p{L}])(?:less|fewer|lower|down|below|weniger|niedriger|moins|menos|meno)(?![\p{L}])/iu;
const DOWN_SIGNS = new Set(['-', '−', '–', '—', '↓', '▼']);

/** A percentage read, and which way it goes: 1 up, −1 down, 0 not said. */
export type Reading = { size: number; direction: -1 | 0 | 1 };

/** The percentage a line of text states, and its direction; null when it states none or both ways. */
function readingOf(text: string): Reading | null {
  const match = PERCENT.exec(text);
  if (!match) return null;
  const [, sign, digits] = match;
  const after = text.slice(match.index + match[0].length);
  const word = UP.test(after) ? 1 : DOWN.test(after) ? -1 : 0;
  const marked = sign ? (DOWN_SIGNS.has(sign) ? -1 : 1) : 0;
  if (marked !== 0 && word !== 0 && marked !== word) return null;
  return { size: Number(digits!.replace(',', '.')), direction: marked || word };
}

/** The signed percentage a line of text states as a change, or null when it states none. */
export function changeIn(text: string): number | null {
  const reading = readingOf(text);
  return reading && reading.direction !== 0 ? reading.direction * reading.size : null;
}

/** Two looks at one change: the same percentage, a direction in one at least and against it in none. */
export function agreedChange([first, second]: (Reading | null)[]): number | null {
  if (!first || !second || first.size !== second.size) return null;
  if (first.direction * second.direction < 0) return null;
  const direction = first.direction || second.direction;
  return direction === 0 ? null : direction * first.size;
}

/**
 * The change stated for the figure in `box`, of all the figures' `boxes` on the screen: the first line
 * on its right or under it, within the layout's reach (`change…` distances) and nearer to it than to
 * any other figure, with a digit or a "%" in it, read again closer.
 */
export async function statedChange(
  ocr: OcrReader,
  image: Buffer,
  words: OcrWord[],
  box: Region,
  boxes: Region[],
  distances: Distances,
): Promise<number | null> {
  const line = changeLine(words, box, boxes, distances);
  if (!line) return null;
  const height = line.y1 - line.y0;
  const readings = await Promise.all(
    LOOKS.map(async (look) => {
      const read = await ocr.readWords(image, {
        x0: line.x0 - height * 1.5,
        y0: line.y0 - height * 0.4,
        x1: line.x1 + height * 0.5,
        y1: line.y1 + height * 0.4,
        height: look,
        oneLine: true,
      });
      return readingOf(textOf(read));
    }),
  );
  return agreedChange(readings);
}

const textOf = (line: OcrWord[]) =>
  [...line]
    .sort((a, b) => a.x0 - b.x0)
    .map((word) => word.text)
    .join(' ');

const middleY = (box: Region | OcrWord) => (box.y0 + box.y1) / 2;
const boxOfWords = (words: OcrWord[]): Region => ({
  x0: Math.min(...words.map((word) => word.x0)),
  y0: Math.min(...words.map((word) => word.y0)),
  x1: Math.max(...words.map((word) => word.x1)),
  y1: Math.max(...words.map((word) => word.y1)),
});

/** The box of the line that may state the figure's change, or null when none is within reach. */
function changeLine(words: OcrWord[], box: Region, boxes: Region[], distances: Distances): Region | null {
  const height = box.y1 - box.y0;
  const right = box.x1 + distances.changeRight * height;
  const lines = new Map<number, OcrWord[]>();
  for (const word of words) {
    const y = middleY(word);
    const beside = y >= box.y0 && y <= box.y1 && word.x0 >= box.x1 && word.x0 <= right;
    const under =
      y > box.y1 &&
      y <= box.y1 + distances.changeBelow * height &&
      word.x1 > box.x0 - distances.changeLeft * height &&
      word.x0 < right;
    if (beside || under) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  }
  const distance = (line: Region, to: Region) =>
    Math.abs(line.y0 - to.y1) + Math.max(0, to.x0 - line.x0, line.x0 - to.x1);
  const candidates = [...lines.values()]
    .filter((line) => line.some((word) => /[\d%]/.test(word.text)))
    .map(boxOfWords)
    .sort((a, b) => a.y0 - b.y0);
  return (
    candidates.find((line) =>
      boxes.every((other) => other === box || distance(line, box) <= distance(line, other)),
    ) ?? null
  );
}
