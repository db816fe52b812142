import type { FigureKind } from '@common/screenshots';
import type { OcrWord, Region } from '../../integrations/ocr/reader';
import { type Caption, captionOf, continuedBelow, wrappedCaptions } from './caption-lines';
import { figuresOfCutRows } from './card-rows';
import { above, below, onTheRight, type Source, whereTheRowHasItsFigures } from './figure-places';
import { likesFromIconRow } from './icon-row';
import type { MetricKey, ReadMetric } from './labels';
import { alignedWith, boxOf, type Cluster, clustersOf, isNoise, sameRow } from './layout-clusters';
import { type Distances, distancesOf, matchable, type ScreenLayout } from './layouts';
import { fromSentences } from './sentences';

export type { ReadMetric };

/** A figure with a sign before it ("+389", "− 18"): a change over the period, not a total. */
function signOf(text: string): FigureSign {
  const parts = text.trim().split(/\s+/);
  const first = parts.findIndex((part) => /\d/.test(part));
  if (first < 0) return null;
  const sign = /^[+−–-]/.exec(parts[first]!)?.[0] ?? /^[+−–-]$/.exec(parts[first - 1] ?? '')?.[0];
  return sign ? (sign === '+' ? '+' : '-') : null;
}

/** The sign printed before a figure: a change over the period ("+389", "−18"), or none for a total. */
export type FigureSign = '+' | '-' | null;

/**
 * A figure read and where on the screen it was (the box of its own text, or of its caption's line),
 * or only where it is, when OCR could not make it out; with what it is (a total, a change over the
 * period, a realtime figure).
 */
export type LocatedMetric = {
  key: MetricKey;
  label: string;
  kind: FigureKind;
  box: Region | null;
  metric: ReadMetric | null;
  sign: FigureSign;
};

/**
 * The headings of the screen's realtime panels ("Realtime", "© Updating live"), as the layout names
 * them: a line that is the heading alone, an icon beside it aside.
 */
function realtimeHeadings(layout: ScreenLayout, clusters: Cluster[]): Cluster[] {
  const headings = new Set((layout.realtime?.headings ?? []).map(matchable));
  return clusters.filter((cluster) => {
    const words = cluster.words.filter((word) => !isNoise(word.text)).map((word) => word.text);
    return headings.has(matchable(words.join(' ')));
  });
}

/** A caption in a realtime panel: under its heading, in its column, within the panel's reach. */
const inRealtimePanel = (caption: Cluster, headings: Cluster[], d: Distances) =>
  headings.some(
    (heading) =>
      caption.y0 >= heading.y1 &&
      caption.y0 - heading.y1 < heading.height * d.realtimePanel &&
      alignedWith(caption, heading, heading.height * d.column),
  );

/** What a caption's figure is: a realtime panel's figure is realtime, a signed figure a change. */
function kindOf(caption: Caption, sign: FigureSign): FigureKind {
  if (caption.kind === 'realtime') return 'realtime';
  return sign || caption.kind === 'change' ? 'change' : 'total';
}

/**
 * The layout's figures among the words OCR read: a caption's figure is on its own line, to its right
 * on the same row however far, or under it in its column; a sentence gives a figure only when it
 * states that metric for the account. Dates, periods, times, percentages and changes are never
 * taken. Each metric is read once for each kind of figure (its total, its change, its realtime
 * figure), from the caption highest on the screen: a screen that shows a total and its change keeps
 * both, each as what it is.
 */
export function locateMetrics(layout: ScreenLayout, words: OcrWord[]): LocatedMetric[] {
  const { platform } = layout;
  // How far a caption's figure may be, and how near its icon or its second line: the layout's.
  const d = distancesOf(layout);
  // The lines the layout says are neither a caption nor a figure are not looked at at all.
  const notFigures = new Set((layout.notFigures ?? []).map(matchable));
  const clusters = wrappedCaptions(
    layout,
    clustersOf(
      words.filter((word) => word.text.trim().length > 0),
      d,
    ).filter((cluster) => !notFigures.has(matchable(cluster.text))),
  );
  const headings = realtimeHeadings(layout, clusters);
  const captions = clusters
    .map((cluster) => captionOf(layout, cluster))
    .filter(
      (caption): caption is Caption => caption !== null && !continuedBelow(layout, caption.cluster, clusters),
    )
    .map((caption) => {
      // A realtime panel's caption names a realtime figure, printed above it where the panel does so.
      if (!inRealtimePanel(caption.cluster, headings, d)) return caption;
      const figureAbove = caption.figureAbove || layout.realtime?.figuresAbove === true;
      return { ...caption, kind: 'realtime' as const, figureAbove };
    })
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
        ? (below(layout, caption.cluster, clusters, stops) ??
          onTheRight(layout, caption.cluster, clusters, stops))
        : (onTheRight(layout, caption.cluster, clusters, stops) ??
          below(layout, caption.cluster, clusters, stops));
  // A figure printed right above a caption that has none beside or under it (or whose figure is
  // printed above first) is that caption's, unless it is the figure under another caption; no other
  // caption reaches across to it.
  const firstLook = new Map(captions.map((caption) => [caption, find(caption, captionClusters)]));
  // A caption whose figure stands above it does not reach down for one while it has one above
  // (the Realtime panel's "Subscribers" over "41,208 / Views · Last 48 hours").
  const aboveOf = new Map(
    captions.map((caption) => [
      caption,
      caption.figureAbove ? above(layout, caption.cluster, clusters, captionClusters) : null,
    ]),
  );
  const claims = new Map<Caption, Source>();
  for (const caption of captions) {
    if (firstLook.get(caption) && !caption.figureAbove) continue;
    const source = aboveOf.get(caption) ?? above(layout, caption.cluster, clusters, captionClusters);
    if (!source) continue;
    const underAnother = captions.some(
      (other) =>
        !aboveOf.get(other) &&
        firstLook.get(other)?.cluster === source.cluster &&
        source.cluster.y0 >= other.cluster.y1,
    );
    if (!underAnother) claims.set(caption, source);
  }
  const stops = new Set([...captionClusters, ...[...claims.values()].map((source) => source.cluster)]);
  const used = new Set<Cluster>();
  // By metric and kind: "subscribers:change" beside "subscribers:realtime".
  const located = new Map<string, LocatedMetric>();
  const placed = new Map<Cluster, Region>();
  for (const caption of captions) {
    const source = claims.get(caption) ?? find(caption, stops);
    if (!source || (source.cluster !== caption.cluster && used.has(source.cluster))) continue;
    const sign = signOf(source.cluster === caption.cluster ? caption.rest : source.cluster.text);
    const kind = kindOf(caption, sign);
    const earlier = located.get(`${caption.key}:${kind}`);
    if (earlier && (earlier.metric || !source.figure)) continue;
    used.add(source.cluster);
    if (source.cluster !== caption.cluster) placed.set(caption.cluster, boxOf(source.cluster.words));
    located.set(`${caption.key}:${kind}`, {
      key: caption.key,
      label: caption.label,
      kind,
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
  const keys = () => new Set([...located.values()].map((one) => one.key));
  const totals = new Map(
    [...located.values()].map((one) => [one.key, one.kind === 'total' ? one.box : null]),
  );
  for (const cut of figuresOfCutRows(layout, captions, clusters, totals))
    located.set(`${cut.key}:total`, cut);
  for (const caption of captions) {
    if (keys().has(caption.key)) continue;
    const box = whereTheRowHasItsFigures(layout, caption.cluster, placed, clusters);
    const kind = kindOf(caption, null);
    if (box)
      located.set(`${caption.key}:${kind}`, {
        key: caption.key,
        label: caption.label,
        kind,
        box,
        sign: null,
        metric: null,
      });
  }
  const lines = new Map<number, OcrWord[]>();
  for (const word of words) lines.set(word.line, [...(lines.get(word.line) ?? []), word]);
  const sentences = [...lines.values()].map((line) => line.map((word) => word.text).join(' '));
  for (const metric of fromSentences(platform, sentences, keys()))
    located.set(`${metric.key}:total`, {
      key: metric.key,
      label: metric.label,
      kind: 'total',
      box: null,
      metric,
      sign: null,
    });
  const captionsFrom = captions.length
    ? Math.min(...captions.map((caption) => caption.cluster.y0))
    : Number.NEGATIVE_INFINITY;
  const likes =
    keys().has('likes') || !layout.likesBesideIcons ? null : likesFromIconRow(layout, words, captionsFrom);
  if (likes) {
    const metric = likes.figure && {
      key: 'likes' as const,
      label: 'likes',
      ...likes.figure,
      confidence: likes.confidence,
    };
    located.set('likes:total', {
      key: 'likes',
      label: 'likes',
      kind: 'total',
      box: likes.box,
      metric,
      sign: null,
    });
  }
  return [...located.values()];
}
