import type { FigureKind } from '@common/screenshots';
import type { OcrWord } from '../../integrations/ocr/reader';
import { type Figure, figureOnly } from './figures';
import { type MetricKey, placeOf, unaccented } from './labels';
import { type Cluster, isNoise, middle } from './layout-clusters';
import { captionsOf, distancesOf, MIDDLE_DOTS, matchable, type ScreenLayout } from './layouts';

/**
 * Captions as a layout names them: a line that is a caption, a caption a narrow card wrapped onto two
 * lines, and one whose words go on below it (a part of a figure, not the figure). How near an icon or
 * the line under a caption is is the layout's (`distancesOf`, layouts/distances.ts).
 */

/** A middle dot between words as OCR reads it, before the next word's letter. */
const DOT_BEFORE_WORD = new RegExp(`\\s[${MIDDLE_DOTS}]\\s(?=\\p{L})`, 'gu');

export type Caption = {
  cluster: Cluster;
  key: MetricKey;
  label: string;
  /** What the layout says its figure is (a sign before the figure makes it a change all the same). */
  kind: FigureKind;
  inline: Figure | null;
  /** The text after the label. */
  rest: string;
  /** Its figure is only the one printed above it. */
  figureAbove: boolean;
};

/**
 * A cluster that is a caption: the label whole, perhaps with an icon beside it, or the label and its
 * figure on one line ("Views 87,312"). A label inside longer text ("Views · Last 48 hours") is not.
 */
export function captionOf(layout: ScreenLayout, cluster: Cluster): Caption | null {
  const d = distancesOf(layout);
  // In reading order: a caption wrapped onto a second line (wrappedCaptions) reads its first line first.
  const words = [...cluster.words].sort((a, b) => a.line - b.line || a.x0 - b.x0);
  // An icon before the caption that OCR made letters of, barely ("[dl" at 0 for a coin).
  // Or read clearly as one or two characters ("2" for a person, "2+" for a person with a plus), set
  // apart from the caption by more than a word space (wider than the caption's own spaces between
  // its words, or than most fonts' space) or off its line.
  const isIcon = ([first, next, ...rest]: OcrWord[]) => {
    const gap = next!.x0 - first!.x1;
    const spaces = [next!, ...rest].flatMap((word, index, after) => {
      const following = after[index + 1];
      return following && following.line === word.line ? [following.x0 - word.x1] : [];
    });
    const wide =
      gap > (first!.y1 - first!.y0) * d.iconGap ||
      (spaces.length > 0 && gap > Math.max(...spaces) * d.iconGapOverSpaces);
    // Or not on the caption's line: an icon drawn lower or higher than the letters beside it.
    const offLine =
      Math.abs(first!.y0 + first!.y1 - next!.y0 - next!.y1) / 2 > (next!.y1 - next!.y0) * d.iconOffLine;
    return (
      (/^\D{1,3}$/.test(first!.text) && first!.confidence < d.iconUnsureBelow) ||
      (first!.text.length <= 2 && (wide || offLine))
    );
  };
  while (words.length > 1 && isIcon(words)) words.shift();
  // Accents as OCR may lose them ("Geschatzte Pramien"), each letter kept in its place.
  // A dot between words as OCR reads it ("Views - Last 48 hours"), as one.
  const text = unaccented(
    words
      .map((word) => word.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .replace(DOT_BEFORE_WORD, ' · ')
      .trim(),
  );
  // One apostrophe, whichever the font draws ("J’aime").
  const lower = text.toLowerCase().replace(/[’‘`´]/g, "'");
  // A caption of two words or more may have lost its last letter's "s" to OCR ("Post view"), or its
  // closing point ("Récompenses est").
  const spellings = captionsOf(layout).flatMap(
    ({ label, metric: key, figureAbove, kind = 'total', badge }) => {
      const as = matchable(label);
      const spelt = { label, key, figureAbove, kind, badge };
      return / .*[s.]$/.test(as)
        ? [
            { ...spelt, as },
            { ...spelt, as: as.slice(0, -1) },
          ]
        : [{ ...spelt, as }];
    },
  );
  for (const { label, key, figureAbove = false, kind, as, badge } of spellings) {
    const place = placeOf(lower, as);
    if (!place || !isNoise(text.slice(0, place.at))) continue;
    const rest = text.slice(place.end);
    if (/^[a-z]/i.test(rest)) continue;
    const inline = figureOnly(rest);
    if (inline && !figureAbove) return { cluster, key, label, kind, inline, rest, figureAbove };
    if (isNoise(rest) || (badge && isBadge(words, text, place.end, d.badgeHeight)))
      return { cluster, key, label, kind, inline: null, rest, figureAbove };
  }
  return null;
}

/**
 * Whether the words after a caption's label (from `end` in their text, joined by spaces) are a badge
 * drawn round them: on the label's line, each taller than the label's own letters by `height` times.
 */
function isBadge(words: OcrWord[], text: string, end: number, height: number): boolean {
  let at = 0;
  const after: OcrWord[] = [];
  const label: OcrWord[] = [];
  for (const word of words) {
    (at >= end ? after : label).push(word);
    at += word.text.length + 1;
  }
  if (text[end] !== ' ' || after.length === 0 || label.length === 0) return false;
  const letters = middle(label.map((word) => word.y1 - word.y0));
  const line = label.at(-1)!.line;
  return after.every((word) => word.line === line && word.y1 - word.y0 >= letters * height);
}

/**
 * Where a line's text may start: its left edge, or its second word's where the first is one or two
 * characters (an icon OCR read as "0" before "Geschätzte").
 */
function textStarts(cluster: Cluster): number[] {
  const [first, second] = [...cluster.words].sort((a, b) => a.x0 - b.x0);
  return second && first!.text.length <= 2 ? [cluster.x0, second.x0] : [cluster.x0];
}

/**
 * A line without the mark OCR made of an icon before its words ("~" for the foot of TikTok's person
 * icon, drawn beside both lines of a wrapped "Visualizzazioni del / profilo"): a first word of one or
 * two characters, neither letter nor digit.
 */
function withoutAMark(line: Cluster): Cluster {
  const [mark, ...words] = [...line.words].sort((a, b) => a.x0 - b.x0);
  if (words.length === 0 || !/^[^\p{L}\p{N}]{1,2}$/u.test(mark!.text)) return line;
  return {
    ...line,
    text: line.text.slice(line.text.indexOf(mark!.text) + mark!.text.length).trimStart(),
    x0: words[0]!.x0,
    height: middle(words.map((word) => word.y1 - word.y0)),
    words,
  };
}

/**
 * A line and the one under it, aligned left and as large, when together they are a caption a narrow
 * card wrapped ("Vues des / publications"): one cluster, spanning both lines.
 */
export function wrappedCaptions(layout: ScreenLayout, clusters: Cluster[]): Cluster[] {
  const d = distancesOf(layout);
  const joined = new Set<Cluster>();
  const merged: Cluster[] = [];
  for (const first of clusters) {
    const h = first.height;
    const found = clusters.find((line) => {
      const next = withoutAMark(line);
      return (
        line !== first &&
        next.y0 >= first.y1 - h * d.nextLineOverlap &&
        next.y0 - first.y1 < h * d.nextLineGap &&
        textStarts(first).some((x0) => Math.abs(next.x0 - x0) < h * d.nextLineIndent) &&
        // As large: a word with both an ascender and a descender ("perfil") stands taller than a
        // line of capitals and ascenders ("Visualizacoes do").
        Math.abs(next.height - h) < h * d.wrapHeightSlack &&
        // Lower case goes on a caption; a capital (German nouns: "Geschätzte / Prämien") only when
        // the line is no caption of its own.
        (/^\p{Ll}/u.test(next.text) || (/^\p{Lu}/u.test(next.text) && !captionOf(layout, next)))
      );
    });
    if (!found || joined.has(first) || captionOf(layout, first)) continue;
    const second = withoutAMark(found);
    const both: Cluster = {
      text: `${first.text} ${second.text}`,
      confidence: Math.min(first.confidence, second.confidence),
      x0: Math.min(first.x0, second.x0),
      y0: first.y0,
      x1: Math.max(first.x1, second.x1),
      y1: second.y1,
      height: h,
      words: [...first.words, ...second.words],
    };
    if (!captionOf(layout, both)) continue;
    joined.add(first).add(found);
    merged.push(both);
  }
  return [...clusters.filter((cluster) => !joined.has(cluster)), ...merged];
}

/**
 * A caption whose words go on in the line under it ("Watch time / from impressions (hours)", "Views
 * / from impressions") names something else than its first line: a part of a figure, not the figure.
 */
export function continuedBelow(layout: ScreenLayout, caption: Cluster, clusters: Cluster[]): boolean {
  const d = distancesOf(layout);
  const h = caption.height;
  return clusters.some(
    (next) =>
      next.y0 >= caption.y1 - h * d.nextLineOverlap &&
      next.y0 - caption.y1 < h * d.nextLineGap &&
      Math.abs(next.x0 - caption.x0) < h * d.nextLineIndent &&
      Math.abs(next.height - h) < h * d.continuedHeightSlack &&
      /^(?:from|of|per|by|through|with|and)\b/.test(next.text),
  );
}
