import type { ScreenshotPlatform } from '@common/screenshots';
import type { OcrWord, Region } from '../../integrations/ocr/reader';
import { type Figure, figureAt, figureOnly } from './figures';
import { likesFromIconRow } from './icon-row';
import { type MetricKey, PLATFORM_LABELS, type ReadMetric } from './labels';
import { alignedWith, boxOf, type Cluster, centre, clustersOf, isNoise, sameRow } from './layout-clusters';
import { ownPlatformRow, platformNamed } from './platform-rows';
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
  const words = [...cluster.words].sort((a, b) => a.x0 - b.x0);
  // An icon before the caption that OCR made letters of, barely ("[dl" at 0 for a coin).
  // Or read clearly as one or two characters ("2" for a person, "2+" for a person with a plus), set
  // apart from the caption by more than a word space.
  const isIcon = ([first, next]: OcrWord[]) =>
    (/^\D{1,3}$/.test(first!.text) && first!.confidence < 50) ||
    (first!.text.length <= 2 && next!.x0 - first!.x1 > (first!.y1 - first!.y0) * 0.7);
  while (words.length > 1 && isIcon(words)) words.shift();
  const text = words
    .map((word) => word.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  // One apostrophe, whichever the font draws ("J’aime").
  const lower = text.toLowerCase().replace(/[’‘`´]/g, "'");
  // A caption of two words or more may have lost its last letter's "s" to OCR ("Post view").
  const spellings = PLATFORM_LABELS[platform].flatMap(({ label, key, figureAbove }) =>
    / .*s$/.test(label)
      ? [
          { label, key, figureAbove, as: label },
          { label, key, figureAbove, as: label.slice(0, -1) },
        ]
      : [{ label, key, figureAbove, as: label }],
  );
  for (const { label, key, figureAbove = false, as } of spellings) {
    const at = lower.indexOf(as);
    if (at < 0 || !isNoise(text.slice(0, at))) continue;
    const rest = text.slice(at + as.length);
    if (/^[a-z]/i.test(rest)) continue;
    const inline = figureOnly(rest);
    if (inline && !figureAbove) return { cluster, key, label, inline, rest, figureAbove };
    if (isNoise(rest)) return { cluster, key, label, inline: null, rest, figureAbove };
  }
  return null;
}

/**
 * Text whose every number is a date, a period, a time or a percentage: "Last 28 days",
 * "28 Oct – 24 Nov 2026", "+12.4%".
 */
function onlyDistractors(text: string): boolean {
  let numbers = 0;
  for (let index = 0; index < text.length; index++) {
    if (!/\d/.test(text[index]!) || (index > 0 && /[\d.,]/.test(text[index - 1]!))) continue;
    numbers += 1;
    if (figureAt(text, index)) return false;
  }
  return numbers > 0;
}

/** What a cluster is to a caption looking for its figure: a figure, something to pass over, or a stop. */
function judge(
  cluster: Cluster,
  caption: Cluster,
  captions: Set<Cluster>,
): Figure | 'skip' | 'stop' | 'blur' {
  if (captions.has(cluster)) return 'stop';
  if (cluster.y1 - cluster.y0 < caption.height * 0.4) return 'skip';
  const value = figureOnly(cluster.text);
  if (value) return value;
  if (isNoise(cluster.text) || onlyDistractors(cluster.text)) return 'skip';
  // Text OCR could not make out (a figure run into the line under it): worth a closer look.
  if (cluster.confidence < 45) return 'blur';
  return 'stop';
}

type Source = { cluster: Cluster; figure: Figure | null };

/** A figure with a sign before it ("+389", "− 18"): a change over the period, not a total. */
function signOf(text: string): FigureSign {
  const parts = text.trim().split(/\s+/);
  const first = parts.findIndex((part) => /\d/.test(part));
  if (first < 0) return null;
  const sign = /^[+−–-]/.exec(parts[first]!)?.[0] ?? /^[+−–-]$/.exec(parts[first - 1] ?? '')?.[0];
  return sign ? (sign === '+' ? '+' : '-') : null;
}

/** The figure to the right on the caption's row, however far: lists and tables, phone and desktop. */
function onTheRight(caption: Cluster, clusters: Cluster[], captions: Set<Cluster>): Source | null {
  const right = clusters.filter((other) => other !== caption && other.x0 > caption.x1);
  const row = right.filter((other) => sameRow(caption, other)).sort((a, b) => a.x0 - b.x0);
  for (const other of row) {
    const verdict = judge(other, caption, captions);
    if (verdict === 'stop') return null;
    if (verdict === 'blur') return { cluster: other, figure: null };
    if (verdict !== 'skip') return { cluster: other, figure: verdict };
  }
  // Nothing on the row itself: a figure beside the caption but not centred on it, as where a figure
  // and its change under it are centred together on the caption (phone lists).
  const beside = right
    .filter(
      (other) =>
        !captions.has(other) &&
        other.y0 < caption.y1 &&
        other.y1 > caption.y0 &&
        // A caption's descenders ("engaged") make its box taller than a figure's digits of the same size.
        other.height >= caption.height * 0.7,
    )
    .sort((a, b) => Math.abs(centre(a) - centre(caption)) - Math.abs(centre(b) - centre(caption)))[0];
  const figure = beside && figureOnly(beside.text);
  return beside && figure ? { cluster: beside, figure } : null;
}

/**
 * A figure printed above its caption ("45.7K" over "Current subscribers"): right on top of it, in its
 * column, at least as large.
 */
function above(caption: Cluster, clusters: Cluster[], captions: Set<Cluster>): Source | null {
  const h = caption.height;
  const nearest = clusters
    .filter(
      (other) =>
        other !== caption &&
        other.y1 <= caption.y0 + h * 0.3 &&
        caption.y0 - other.y1 < h * 1.5 &&
        other.height >= h * 0.9 &&
        alignedWith(other, caption, h),
    )
    .sort((a, b) => b.y1 - a.y1)[0];
  const figure = nearest && !captions.has(nearest) && figureOnly(nearest.text);
  return nearest && figure ? { cluster: nearest, figure } : null;
}

/**
 * The figure under the caption, in its column (aligned left, centred or right): a card. A column of
 * several figures under one caption is a table of videos or posts, not the account's figure, unless its
 * rows are named for platforms (ownPlatformRow). Figures under another platform's name are passed
 * over until the screen's own platform is named, which lets the card reach further down.
 */
function below(
  platform: ScreenshotPlatform,
  caption: Cluster,
  clusters: Cluster[],
  captions: Set<Cluster>,
): Source | null {
  const h = caption.height;
  const inColumn = (other: Cluster, anchor: Cluster) => alignedWith(other, anchor, h);
  const near = (other: Cluster) => other.y0 - caption.y1 < Math.max(h * 5, other.height * 1.5);
  const column = clusters
    .filter(
      (other) =>
        other !== caption &&
        other.y0 >= caption.y1 - h * 0.3 &&
        other.y0 - caption.y1 < Math.max(h * 12, other.height * 1.5) &&
        inColumn(other, caption),
    )
    .sort((a, b) => a.y0 - b.y0);
  let named: ReturnType<typeof platformNamed> = null;
  for (const other of column) {
    const name = platformNamed(other.text);
    if (name) {
      named = name;
      continue;
    }
    if (!named && !near(other)) continue;
    if (named && named !== platform) {
      if (captions.has(other)) return null;
      continue;
    }
    const verdict = judge(other, caption, captions);
    if (verdict === 'stop') return null;
    if (verdict === 'skip') continue;
    if (verdict === 'blur') return { cluster: other, figure: null };
    const alike = (under: Cluster) =>
      under !== other &&
      under.y0 >= other.y1 - h * 0.3 &&
      Math.abs(under.height - other.height) < other.height * 0.35 &&
      inColumn(under, other);
    const next = clusters
      .filter((under) => alike(under) && under.y0 - other.y1 < other.height * 2.5)
      .sort((a, b) => a.y0 - b.y0)[0];
    if (next && !captions.has(next) && figureOnly(next.text)) {
      const rows = column.filter((under) => under === other || (alike(under) && figureOnly(under.text)));
      const own = ownPlatformRow(platform, rows, clusters);
      const figure = own && figureOnly(own.text);
      return own && figure ? { cluster: own, figure } : null;
    }
    return { cluster: other, figure: verdict };
  }
  return null;
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
  const clusters = clustersOf(words.filter((word) => word.text.trim().length > 0));
  const captions = clusters
    .map((cluster) => captionOf(platform, cluster))
    .filter((caption): caption is Caption => caption !== null)
    .sort((a, b) => a.cluster.y0 - b.cluster.y0 || a.cluster.x0 - b.cluster.x0);
  const captionClusters = new Set(captions.map((caption) => caption.cluster));
  const find = (caption: Caption, stops: Set<Cluster>): Source | null =>
    caption.inline
      ? { cluster: caption.cluster, figure: caption.inline }
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
  for (const caption of captions) {
    const earlier = located.get(caption.key);
    // A total wins over a change read before it ("12,345 Subscribers" beside "Subscribers +389").
    if (earlier?.metric && !earlier.sign) continue;
    const source = claims.get(caption) ?? find(caption, stops);
    if (!source || (source.cluster !== caption.cluster && used.has(source.cluster))) continue;
    const sign = signOf(source.cluster === caption.cluster ? caption.rest : source.cluster.text);
    if (earlier && (!source.figure || (earlier.metric && sign))) continue;
    used.add(source.cluster);
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
  const lines = new Map<number, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const sentences = [...lines.values()].map((line) => line.map((word) => word.text).join(' '));
  for (const metric of fromSentences(platform, sentences, new Set(located.keys())))
    located.set(metric.key, { key: metric.key, label: metric.label, box: null, metric, sign: null });
  const likes = located.has('likes') ? null : likesFromIconRow(platform, words);
  if (likes) {
    const metric = { key: 'likes' as const, label: 'likes', ...likes.figure, confidence: likes.confidence };
    located.set('likes', { key: 'likes', label: 'likes', box: likes.box, metric, sign: null });
  }
  return [...located.values()];
}
