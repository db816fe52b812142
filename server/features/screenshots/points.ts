import sharp from 'sharp';
import type { Region } from '../../integrations/ocr/reader';
import { WORD_SUFFIX } from './figures';

/**
 * The separators a figure is drawn with, found in its pixels. OCR loses the small point in "2.4K" or
 * the comma in "3,1 K" at sizes where the digits read well; the point is still there in the image, a
 * small blot on the digits' baseline between two of them. Each mark, in order: a glyph (a digit, a
 * letter, a currency sign), a point, or a comma (a blot that reaches below the baseline).
 */
export type Mark = 'glyph' | '.' | ',';

type Blob = { x0: number; y0: number; x1: number; y1: number };

/** Otsu's threshold of a greyscale histogram. */
function threshold(pixels: Uint8Array): number {
  const histogram = new Array<number>(256).fill(0);
  for (const value of pixels) histogram[value]! += 1;
  let sum = 0;
  for (let value = 0; value < 256; value++) sum += value * histogram[value]!;
  let [below, sumBelow, best, chosen] = [0, 0, -1, 127];
  for (let value = 0; value < 256; value++) {
    below += histogram[value]!;
    if (below === 0 || below === pixels.length) continue;
    sumBelow += value * histogram[value]!;
    const above = pixels.length - below;
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) [best, chosen] = [between, value];
  }
  return chosen;
}

/** The connected blots of ink (the minority side of the threshold, so dark mode too). */
function blobsOf(pixels: Uint8Array, width: number, height: number): Blob[] {
  const cut = threshold(pixels);
  let dark = 0;
  for (const value of pixels) if (value <= cut) dark += 1;
  const inkIsDark = dark <= pixels.length / 2;
  const ink = (index: number) => pixels[index]! <= cut === inkIsDark;
  const seen = new Uint8Array(pixels.length);
  const blobs: Blob[] = [];
  for (let start = 0; start < pixels.length; start++) {
    if (seen[start] || !ink(start)) continue;
    const blob = { x0: width, y0: height, x1: 0, y1: 0 };
    const stack = [start];
    seen[start] = 1;
    while (stack.length > 0) {
      const at = stack.pop()!;
      const [x, y] = [at % width, Math.floor(at / width)];
      [blob.x0, blob.y0] = [Math.min(blob.x0, x), Math.min(blob.y0, y)];
      [blob.x1, blob.y1] = [Math.max(blob.x1, x + 1), Math.max(blob.y1, y + 1)];
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (!seen[next] && ink(next)) {
            seen[next] = 1;
            stack.push(next);
          }
        }
    }
    blobs.push(blob);
  }
  return blobs;
}

/** A screenshot in grey, one byte a pixel, row by row: decoded once for all its figures. */
export type Grey = { pixels: Uint8Array; width: number; height: number };

export async function greyOf(image: Buffer): Promise<Grey> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

/** The ink of the figure drawn in `box`: its crop in grey, the blots, the tallest; null when too small. */
function inkIn(grey: Grey, box: Region) {
  const { width, height } = grey;
  const h = box.y1 - box.y0;
  // Wide to each side: a narrow "1" at either end of the figure may lie outside the box OCR gave it.
  const left = Math.max(0, Math.floor(box.x0 - h * 1.2));
  const top = Math.max(0, Math.floor(box.y0 - h * 0.15));
  const right = Math.min(width, Math.ceil(box.x1 + h * 1.2));
  const bottom = Math.min(height, Math.ceil(box.y1 + h * 0.15));
  if (h < 12 || right - left < 4 || bottom - top < 4) return null;
  const crop = { width: right - left, height: bottom - top };
  const pixels = new Uint8Array(crop.width * crop.height);
  for (let y = 0; y < crop.height; y++)
    pixels.set(grey.pixels.subarray((top + y) * width + left, (top + y) * width + right), y * crop.width);
  const all = blobsOf(pixels, crop.width, crop.height);
  const [from, to] = [box.x0 - h * 0.2 - left, box.x1 + h * 0.2 - left];
  const blobs = all.filter((blob) => blob.x0 >= from && blob.x1 <= to);
  const tallest = Math.max(0, ...blobs.map((blob) => blob.y1 - blob.y0));
  if (tallest < 10) return null;
  // A narrow glyph just before it, as tall as the figure's and a glyph's gap away, is its lost leading
  // "1" (after it, a narrow mark as tall is more often an arrow: "612 ↑").
  const lost = (blob: Blob) =>
    !blobs.includes(blob) &&
    blob.x1 <= Math.min(...blobs.map((near) => near.x0)) + 1 &&
    blob.y1 - blob.y0 >= tallest * 0.7 &&
    blob.y1 - blob.y0 <= tallest * 1.05 &&
    blob.x1 - blob.x0 <= tallest * 0.45 &&
    blobs.some((near) => Math.max(near.x0 - blob.x1, blob.x0 - near.x1) <= tallest * 0.35);
  for (let next = all.find(lost); next; next = all.find(lost)) blobs.push(next);
  return { pixels, width: crop.width, height: crop.height, blobs, tallest };
}

/** The marks of the figure drawn in `box`, left to right, or null when too small to tell. */
export function marksIn(grey: Grey, box: Region): Mark[] | null {
  const ink = inkIn(grey, box);
  if (!ink) return null;
  const { blobs, tallest } = ink;
  const glyphs = blobs.filter((blob) => blob.y1 - blob.y0 >= tallest * 0.55);
  const baseline = glyphs.map((blob) => blob.y1).sort((a, b) => a - b)[Math.floor(glyphs.length / 2)]!;
  const marks: { x: number; mark: Mark }[] = glyphs.map((blob) => ({
    x: (blob.x0 + blob.x1) / 2,
    mark: 'glyph',
  }));
  for (const blob of blobs) {
    const [w, bh] = [blob.x1 - blob.x0, blob.y1 - blob.y0];
    const x = (blob.x0 + blob.x1) / 2;
    const between = glyphs.some((g) => g.x1 <= x) && glyphs.some((g) => g.x0 >= x);
    const small = bh <= tallest * 0.5 && w <= tallest * 0.3 && bh >= tallest * 0.08 && w >= tallest * 0.06;
    if (!between || !small || blob.y0 < baseline - tallest * 0.3 || blob.y1 < baseline - tallest * 0.1)
      continue;
    marks.push({ x, mark: blob.y1 > baseline + tallest * 0.08 ? ',' : '.' });
  }
  return marks.sort((a, b) => a.x - b.x).map(({ mark }) => mark);
}

/**
 * The figure in `box` drawn again with a gap before each glyph, a separator kept beside the glyph
 * before it: OCR runs repeated narrow digits together ("111,874" read as "11,184") and reads them
 * apart. A grey PNG; null when too small to tell.
 */
export async function spreadOut(grey: Grey, box: Region): Promise<Buffer | null> {
  const ink = inkIn(grey, box);
  if (!ink) return null;
  const { pixels, width, height, blobs, tallest } = ink;
  // Columns of ink, left to right; a blot too small to be a glyph joins the column before it.
  const columns: { x0: number; x1: number }[] = [];
  for (const blob of [...blobs].sort((a, b) => a.x0 - b.x0)) {
    if (blob.y1 - blob.y0 < tallest * 0.08) continue;
    const last = columns.at(-1);
    const glyph = blob.y1 - blob.y0 >= tallest * 0.55;
    if (last && (blob.x0 < last.x1 || !glyph)) last.x1 = Math.max(last.x1, blob.x1);
    else columns.push({ x0: blob.x0, x1: blob.x1 });
  }
  if (columns.length < 2) return null;
  const gap = Math.round(tallest * 0.4);
  const wide = columns.reduce((sum, column) => sum + column.x1 - column.x0, 0) + gap * (columns.length + 1);
  // The page behind the figure: the commonest grey of the crop's edge.
  const edge = [...pixels.subarray(0, width), ...pixels.subarray((height - 1) * width)];
  const counts = new Map<number, number>();
  for (const value of edge) counts.set(value, (counts.get(value) ?? 0) + 1);
  const page = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const spread = new Uint8Array(wide * height).fill(page);
  let at = gap;
  for (const { x0, x1 } of columns) {
    for (let y = 0; y < height; y++)
      spread.set(pixels.subarray(y * width + x0, y * width + x1), y * wide + at);
    at += x1 - x0 + gap;
  }
  // A margin all round, as OCR wants one above and below a line.
  return sharp(Buffer.from(spread), { raw: { width: wide, height, channels: 1 } })
    .extend({ top: gap, bottom: gap, left: 0, right: 0, background: { r: page, g: page, b: page } })
    .png()
    .toBuffer();
}

/** How many of the marks are glyphs. */
export const glyphCount = (marks: Mark[]) => marks.filter((mark) => mark === 'glyph').length;

/**
 * A figure read without a separator its pixels show ("24K" drawn as "2.4K"), written with it; the
 * reading as it was when the marks do not match its characters one for one.
 */
export function withSeparators(shown: string, marks: Mark[]): string {
  const { drawn, tail } = glyphsOf(shown);
  const characters = [...drawn];
  let glyphs = glyphCount(marks);
  // One glyph more after a figure that ends in its letter ("2,7 M" then an icon): the icon's.
  if (glyphs === characters.length + 1 && /[KMBk]$/.test(drawn)) {
    marks = marks.slice(0, marks.lastIndexOf('glyph'));
    glyphs -= 1;
  }
  if (glyphs !== characters.length) return shown;
  let glyph = 0;
  let text = '';
  for (const mark of marks) {
    if (mark === 'glyph') text += characters[glyph++];
    else if (glyph > 0 && glyph < characters.length && /\d/.test(characters[glyph - 1]!)) text += mark;
  }
  return tail ? `${text} ${tail}` : text;
}

const WORD_SUFFIX_AT_END = new RegExp(`\\s*(${WORD_SUFFIX.source})$`);

/**
 * The characters of a figure drawn as glyphs where OCR boxed its digits (all but spaces and
 * separators), and the word after them that is boxed apart ("Tsd.", "Mio.", "mil").
 */
export function glyphsOf(shown: string): { drawn: string; tail: string } {
  const tail = WORD_SUFFIX_AT_END.exec(shown);
  const head = tail ? shown.slice(0, tail.index) : shown;
  return { drawn: head.replace(/[\s.,]/g, ''), tail: tail?.[1] ?? '' };
}
