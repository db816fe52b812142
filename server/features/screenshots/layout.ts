import type { ScreenshotPlatform } from '@common/screenshots';
import type { OcrWord, Region } from '../../integrations/ocr/reader';
import { above, below, onTheRight, type Source, whereTheRowHasItsFigures } from './figure-places';
import { type Figure, figureOnly } from './figures';
import { likesFromIconRow } from './icon-row';
import { type MetricKey, PLATFORM_LABELS, placeOf, type ReadMetric, unaccented } from './labels';
import { boxOf, type Cluster, clustersOf, isNoise, middle, sameRow } from './layout-clusters';
import { fromSentences } from './sentences';

export type { ReadMetric };

type Caption = {
  cluster: Cluster;
  key: MetricKey;
  label: string;
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
function captionOf(platform: ScreenshotPlatform, cluster: Cluster): Caption | null {
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
      gap > (first!.y1 - first!.y0) * 0.7 || (spaces.length > 0 && gap > Math.max(...spaces) * 1.15);
    // Or not on the caption's line: an icon drawn lower or higher than the letters beside it.
    const offLine = Math.abs(first!.y0 + first!.y1 - next!.y0 - next!.y1) / 2 > (next!.y1 - next!.y0) * 0.3;
    return (
      (/^\D{1,3}$/.test(first!.text) && first!.confidence < 50) ||
      (first!.text.length <= 2 && (wide || offLine))
    );
  };
  while (words.length > 1 && isIcon(words)) words.shift();
  // Accents as OCR may lose them ("Geschatzte Pramien"), each letter kept in its place.
  const text = unaccented(
    words
      .map((word) => word.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  // One apostrophe, whichever the font draws ("J’aime").
  const lower = text.toLowerCase().replace(/[’‘`´]/g, "'");
  // A caption of two words or more may have lost its last letter's "s" to OCR ("Post view"), or its
  // closing point ("Récompenses est").
  const spellings = PLATFORM_LABELS[platform].flatMap(({ label, key, figureAbove }) => {
    const as = unaccented(label);
    return / .*[s.]$/.test(as)
      ? [
          { label, key, figureAbove, as },
          { label, key, figureAbove, as: as.slice(0, -1) },
        ]
      : [{ label, key, figureAbove, as }];
  });
  for (const { label, key, figureAbove = false, as } of spellings) {
    const place = placeOf(lower, as);
    if (!place || !isNoise(text.slice(0, place.at))) continue;
    const rest = text.slice(place.end);
    if (/^[a-z]/i.test(rest)) continue;
    const inline = figureOnly(rest);
    if (inline && !figureAbove) return { cluster, key, label, inline, rest, figureAbove };
    if (isNoise(rest)) return { cluster, key, label, inline: null, rest, figureAbove };
  }
  return null;
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
function wrappedCaptions(platform: ScreenshotPlatform, clusters: Cluster[]): Cluster[] {
  const joined = new Set<Cluster>();
  const merged: Cluster[] = [];
  for (const first of clusters) {
    const h = first.height;
    const found = clusters.find((line) => {
      const next = withoutAMark(line);
      return (
        line !== first &&
        next.y0 >= first.y1 - h * 0.3 &&
        next.y0 - first.y1 < h * 0.8 &&
        textStarts(first).some((x0) => Math.abs(next.x0 - x0) < h) &&
        // As large: a word with both an ascender and a descender ("perfil") stands taller than a
        // line of capitals and ascenders ("Visualizacoes do").
        Math.abs(next.height - h) < h * 0.4 &&
        // Lower case goes on a caption; a capital (German nouns: "Geschätzte / Prämien") only when
        // the line is no caption of its own.
        (/^\p{Ll}/u.test(next.text) || (/^\p{Lu}/u.test(next.text) && !captionOf(platform, next)))
      );
    });
    if (!found || joined.has(first) || captionOf(platform, first)) continue;
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
    if (!captionOf(platform, both)) continue;
    joined.add(first).add(found);
    merged.push(both);
  }
  return [...clusters.filter((cluster) => !joined.has(cluster)), ...merged];
}

/**
 * A caption whose words go on in the line under it ("Watch time / from impressions (hours)", "Views
 * / from impressions") names something else than its first line: a part of a figure, not the figure.
 */
function continuedBelow(caption: Cluster, clusters: Cluster[]): boolean {
  const h = caption.height;
  return clusters.some(
    (next) =>
      next.y0 >= caption.y1 - h * 0.3 &&
      next.y0 - caption.y1 < h * 0.8 &&
      Math.abs(next.x0 - caption.x0) < h &&
      Math.abs(next.height - h) < h * 0.35 &&
      /^(?:from|of|per|by|through|with|and)\b/.test(next.text),
  );
}

/** A figure with a sign before it ("+389", "− 18"): a change over the period, not a total. */
function signOf(text: string): FigureSign {
  const parts = text.trim().split(/\s+/);
  const first = parts.findIndex((part) => /\d/.test(part));
  if (first < 0) return null;
  const sign = /^[+−–-]/.exec(parts[first]!)?.[0] ?? /^[+−–-]$/.exec(parts[first - 1] ?? '')?.[0];
  return sign ? (sign === '+' ? '+' : '-') : null;
}

/**
 * A figure read and where on the screen it was (the box of its own text, or of its caption's line),
 * or only where it is, when OCR could not make it out.
 */
/** The sign printed before a figure: a change over the period ("+389", "−18"), or none for a total. */
export type FigureSign = '+' | '-' | null;

export type LocatedMetric = {
  key: MetricKey;
  label: string;
  box: Region | null;
  metric: ReadMetric | null;
  sign: FigureSign;
};

/**
 * The platform's figures among the words OCR read, by layout: a caption's figure is on its own line,
 * to its right on the same row however far, or under it in its column; a sentence gives a figure only
 * when it states that metric for the account. Dates, periods, times, percentages and changes are
 * never taken. Each metric is read once, from the caption highest on the screen.
 */
export function readMetrics(platform: ScreenshotPlatform, words: OcrWord[]): ReadMetric[] {
  return locateMetrics(platform, words).flatMap(({ metric }) => (metric ? [metric] : []));
}

export function locateMetrics(platform: ScreenshotPlatform, words: OcrWord[]): LocatedMetric[] {
  const clusters = wrappedCaptions(platform, clustersOf(words.filter((word) => word.text.trim().length > 0)));
  const captions = clusters
    .map((cluster) => captionOf(platform, cluster))
    .filter((caption): caption is Caption => caption !== null && !continuedBelow(caption.cluster, clusters))
    .sort((a, b) => a.cluster.y0 - b.cluster.y0 || a.cluster.x0 - b.cluster.x0);
  const captionClusters = new Set(captions.map((caption) => caption.cluster));
  // A caption in a row of captions is a card's: its figure is under it before anything far to its
  // right (the Realtime panel's figure beside "Estimated revenue").
  const inARow = (caption: Caption) =>
    captions.some((other) => other !== caption && sameRow(other.cluster, caption.cluster));
  const find = (caption: Caption, stops: Set<Cluster>): Source | null =>
    caption.inline
      ? { cluster: caption.cluster, figure: caption.inline }
      : inARow(caption)
        ? (below(platform, caption.cluster, clusters, stops) ?? onTheRight(caption.cluster, clusters, stops))
        : (onTheRight(caption.cluster, clusters, stops) ?? below(platform, caption.cluster, clusters, stops));
  // A figure printed right above a caption that has none beside or under it (or whose figure is
  // printed above first) is that caption's, unless it is the figure under another caption; no other
  // caption reaches across to it.
  const firstLook = new Map(captions.map((caption) => [caption, find(caption, captionClusters)]));
  const claims = new Map<Caption, Source>();
  for (const caption of captions) {
    if (firstLook.get(caption) && !caption.figureAbove) continue;
    const source = above(caption.cluster, clusters, captionClusters);
    if (!source) continue;
    const underAnother = captions.some(
      (other) => firstLook.get(other)?.cluster === source.cluster && source.cluster.y0 >= other.cluster.y1,
    );
    if (!underAnother) claims.set(caption, source);
  }
  const stops = new Set([...captionClusters, ...[...claims.values()].map((source) => source.cluster)]);
  const used = new Set<Cluster>();
  const located = new Map<MetricKey, LocatedMetric>();
  const placed = new Map<Cluster, Region>();
  for (const caption of captions) {
    const earlier = located.get(caption.key);
    // A total wins over a change read before it ("12,345 Subscribers" beside "Subscribers +389").
    if (earlier?.metric && !earlier.sign) continue;
    const source = claims.get(caption) ?? find(caption, stops);
    if (!source || (source.cluster !== caption.cluster && used.has(source.cluster))) continue;
    const sign = signOf(source.cluster === caption.cluster ? caption.rest : source.cluster.text);
    if (earlier && (!source.figure || (earlier.metric && sign))) continue;
    used.add(source.cluster);
    if (source.cluster !== caption.cluster) placed.set(caption.cluster, boxOf(source.cluster.words));
    located.set(caption.key, {
      key: caption.key,
      label: caption.label,
      box: boxOf(source.cluster.words),
      sign,
      metric: source.figure && {
        key: caption.key,
        label: caption.label,
        ...source.figure,
        confidence: Math.round(Math.min(caption.cluster.confidence, source.cluster.confidence)),
      },
    });
  }
  for (const caption of captions) {
    if (located.has(caption.key)) continue;
    const box = whereTheRowHasItsFigures(caption.cluster, placed, clusters);
    if (box)
      located.set(caption.key, { key: caption.key, label: caption.label, box, sign: null, metric: null });
  }
  const lines = new Map<number, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const sentences = [...lines.values()].map((line) => line.map((word) => word.text).join(' '));
  for (const metric of fromSentences(platform, sentences, new Set(located.keys())))
    located.set(metric.key, { key: metric.key, label: metric.label, box: null, metric, sign: null });
  const captionsFrom = captions.length
    ? Math.min(...captions.map((caption) => caption.cluster.y0))
    : Number.NEGATIVE_INFINITY;
  const likes = located.has('likes') ? null : likesFromIconRow(platform, words, captionsFrom);
  if (likes) {
    const metric = likes.figure && {
      key: 'likes' as const,
      label: 'likes',
      ...likes.figure,
      confidence: likes.confidence,
    };
    located.set('likes', { key: 'likes', label: 'likes', box: likes.box, metric, sign: null });
  }
  return [...located.values()];
}
