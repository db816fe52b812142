import type { OcrWord, Region } from '../../integrations/ocr/reader';

/** The geometry the layout rules read a screen by: words grouped into clusters, rows and columns. */

/** Words of one line that sit together, with the height of a typical letter in them. */
export type Cluster = {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The median word height: brackets and descenders make single words taller. */
  height: number;
  words: OcrWord[];
};

export const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Words of one OCR line split where the gap is wider than `wordGap` of the taller word's heights (about
 * one letter): two cards' captions, or a list's label and its figure at the far right, that OCR put on
 * one line. And split after a figure where a word beside it is far smaller (`smallBesideFigure` of its
 * height): a comment-count chip or a badge's count drawn beside the figure, not a part of it.
 */
export function clustersOf(
  words: OcrWord[],
  { wordGap, smallBesideFigure }: { wordGap: number; smallBesideFigure: number },
): Cluster[] {
  const byLine = new Map<number, OcrWord[]>();
  for (const word of words) byLine.set(word.line, [...(byLine.get(word.line) ?? []), word]);
  const clusters: Cluster[] = [];
  for (const lineWords of byLine.values()) {
    const sorted = [...lineWords].sort((a, b) => a.x0 - b.x0);
    let current: OcrWord[] = [];
    const flush = () => {
      if (current.length === 0) return;
      clusters.push({
        text: current.map((word) => word.text).join(' '),
        // How well its text was read: an icon beside it read as a stray mark does not count.
        confidence: Math.min(
          ...(current.some((word) => !isNoise(word.text))
            ? current.filter((word) => !isNoise(word.text))
            : current
          ).map((word) => word.confidence),
        ),
        x0: Math.min(...current.map((word) => word.x0)),
        y0: Math.min(...current.map((word) => word.y0)),
        x1: Math.max(...current.map((word) => word.x1)),
        y1: Math.max(...current.map((word) => word.y1)),
        height: middle(current.map((word) => word.y1 - word.y0)),
        words: current,
      });
      current = [];
    };
    for (const word of sorted) {
      const previous = current.at(-1);
      const height = Math.max(word.y1 - word.y0, previous ? previous.y1 - previous.y0 : 0);
      const besideFigure =
        previous &&
        /\d/.test(previous.text) &&
        word.y1 - word.y0 < (previous.y1 - previous.y0) * smallBesideFigure;
      if (previous && (word.x0 - previous.x1 > height * wordGap || besideFigure)) flush();
      current.push(word);
    }
    flush();
  }
  return clusters;
}

/** Icons and arrows as OCR reads them ("ⓘ" as "@" or "(i)", "›" as ">"), and stray punctuation. */
export const isNoise = (text: string) => !/\d/.test(text) && text.replace(/[^a-z]/gi, '').length <= 1;

export const centre = (cluster: Cluster) => (cluster.y0 + cluster.y1) / 2;
export const sameRow = (a: Cluster, b: Cluster) =>
  (centre(b) >= a.y0 && centre(b) <= a.y1) || (centre(a) >= b.y0 && centre(a) <= b.y1);

export const boxOf = (words: OcrWord[]): Region => ({
  x0: Math.min(...words.map((word) => word.x0)),
  y0: Math.min(...words.map((word) => word.y0)),
  x1: Math.max(...words.map((word) => word.x1)),
  y1: Math.max(...words.map((word) => word.y1)),
});

/** Whether two clusters share a column: aligned left, right or centred, closer than `within` pixels. */
export const alignedWith = (other: Cluster, anchor: Cluster, within: number) =>
  Math.abs(other.x0 - anchor.x0) < within ||
  Math.abs(other.x1 - anchor.x1) < within ||
  Math.abs((other.x0 + other.x1) / 2 - (anchor.x0 + anchor.x1) / 2) < within;
