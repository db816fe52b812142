import type { ScreenshotPlatform } from '@common/screenshots';
import type { OcrWord, Region } from '../../integrations/ocr/reader';
import { type Figure, figureAt, figureOnly } from './figures';
import { type MetricKey, PLATFORM_LABELS, SENTENCE_NOUNS, SENTENCE_SUBJECT } from './labels';

export type ReadMetric = {
  key: MetricKey;
  label: string;
  shown: string;
  value: number;
  currency: Figure['currency'];
  confidence: number;
};

/** Words of one line that sit together, with the height of a typical letter in them. */
type Cluster = {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The median word height: brackets and descenders make single words taller. */
  height: number;
};

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Words of one OCR line split where the gap is wider than about one letter: two cards' captions, or a
 * list's label and its figure at the far right, that OCR put on one line.
 */
function clustersOf(words: OcrWord[]): Cluster[] {
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
        confidence: Math.min(...current.map((word) => word.confidence)),
        x0: Math.min(...current.map((word) => word.x0)),
        y0: Math.min(...current.map((word) => word.y0)),
        x1: Math.max(...current.map((word) => word.x1)),
        y1: Math.max(...current.map((word) => word.y1)),
        height: middle(current.map((word) => word.y1 - word.y0)),
      });
      current = [];
    };
    for (const word of sorted) {
      const previous = current.at(-1);
      const height = Math.max(word.y1 - word.y0, previous ? previous.y1 - previous.y0 : 0);
      if (previous && word.x0 - previous.x1 > height * 1.2) flush();
      current.push(word);
    }
    flush();
  }
  return clusters;
}

/** Icons and arrows as OCR reads them ("ⓘ" as "@" or "(i)", "›" as ">"), and stray punctuation. */
const isNoise = (text: string) => !/\d/.test(text) && text.replace(/[^a-z]/gi, '').length <= 1;

type Caption = { cluster: Cluster; key: MetricKey; label: string; inline: Figure | null };

/**
 * A cluster that is a caption: the label whole, perhaps with an icon beside it, or the label and its
 * figure on one line ("Views 87,312"). A label inside longer text ("Views · Last 48 hours") is not.
 */
function captionOf(platform: ScreenshotPlatform, cluster: Cluster): Caption | null {
  const text = cluster.text.replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  for (const { label, key } of PLATFORM_LABELS[platform]) {
    const at = lower.indexOf(label);
    if (at < 0 || !isNoise(text.slice(0, at))) continue;
    const rest = text.slice(at + label.length);
    if (/^[a-z]/i.test(rest)) continue;
    const inline = figureOnly(rest);
    if (inline) return { cluster, key, label, inline };
    if (isNoise(rest)) return { cluster, key, label, inline: null };
  }
  return null;
}

const centre = (cluster: Cluster) => (cluster.y0 + cluster.y1) / 2;
const sameRow = (a: Cluster, b: Cluster) =>
  (centre(b) >= a.y0 && centre(b) <= a.y1) || (centre(a) >= b.y0 && centre(a) <= b.y1);

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

/** The figure to the right on the caption's row, however far: lists and tables, phone and desktop. */
function onTheRight(caption: Cluster, clusters: Cluster[], captions: Set<Cluster>): Source | null {
  const row = clusters
    .filter((other) => other !== caption && other.x0 > caption.x1 && sameRow(caption, other))
    .sort((a, b) => a.x0 - b.x0);
  for (const other of row) {
    const verdict = judge(other, caption, captions);
    if (verdict === 'stop') return null;
    if (verdict === 'blur') return { cluster: other, figure: null };
    if (verdict !== 'skip') return { cluster: other, figure: verdict };
  }
  return null;
}

/**
 * The figure under the caption, in its column (aligned left, centred or right): a card. A column of
 * several figures under one caption is a table of videos or posts, not the account's figure.
 */
function below(caption: Cluster, clusters: Cluster[], captions: Set<Cluster>): Source | null {
  const h = caption.height;
  const inColumn = (other: Cluster, anchor: Cluster) =>
    Math.abs(other.x0 - anchor.x0) < h * 2 ||
    Math.abs(other.x1 - anchor.x1) < h * 2 ||
    Math.abs((other.x0 + other.x1) / 2 - (anchor.x0 + anchor.x1) / 2) < h * 2;
  const column = clusters
    .filter(
      (other) =>
        other !== caption &&
        other.y0 >= caption.y1 - h * 0.3 &&
        other.y0 - caption.y1 < Math.max(h * 5, other.height * 1.5) &&
        inColumn(other, caption),
    )
    .sort((a, b) => a.y0 - b.y0);
  for (const other of column) {
    const verdict = judge(other, caption, captions);
    if (verdict === 'stop') return null;
    if (verdict === 'skip') continue;
    if (verdict === 'blur') return { cluster: other, figure: null };
    const next = clusters
      .filter(
        (under) =>
          under !== other &&
          under.y0 >= other.y1 - h * 0.3 &&
          under.y0 - other.y1 < other.height * 2.5 &&
          Math.abs(under.height - other.height) < other.height * 0.35 &&
          inColumn(under, other),
      )
      .sort((a, b) => a.y0 - b.y0)[0];
    if (next && !captions.has(next) && figureOnly(next.text)) return null;
    return { cluster: other, figure: verdict };
  }
  return null;
}

/** Figures from sentences that state a metric for the whole account, for metrics no caption gave. */
function fromSentences(platform: ScreenshotPlatform, lines: string[], given: Set<MetricKey>) {
  const found = new Map<MetricKey, ReadMetric>();
  const nouns = SENTENCE_NOUNS[platform];
  for (const line of lines) {
    for (let index = 0; index < line.length; index++) {
      if (!/[£$€\d]/.test(line[index]!) || (index > 0 && /[\d.,]/.test(line[index - 1]!))) continue;
      if (!SENTENCE_SUBJECT.test(line.slice(0, index))) continue;
      const figure = figureAt(line, index);
      if (!figure) continue;
      const after = line.slice(figure.end).trim().toLowerCase();
      const noun = Object.keys(nouns)
        .sort((a, b) => b.length - a.length)
        .find((candidate) => after.startsWith(candidate) && !/^[a-z]/.test(after.slice(candidate.length)));
      const key = noun ? nouns[noun]! : null;
      if (!key || found.has(key) || given.has(key)) continue;
      const { end: _end, ...value } = figure;
      found.set(key, { key, label: noun!, ...value, confidence: 0 });
    }
  }
  return [...found.values()];
}

/**
 * A figure read and where on the screen it was (the box of its own text, or of its caption's line),
 * or only where it is, when OCR could not make it out.
 */
export type LocatedMetric = { key: MetricKey; label: string; box: Region | null; metric: ReadMetric | null };

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
  const used = new Set<Cluster>();
  const located = new Map<MetricKey, LocatedMetric>();
  for (const caption of captions) {
    if (located.get(caption.key)?.metric) continue;
    const source: Source | null = caption.inline
      ? { cluster: caption.cluster, figure: caption.inline }
      : (onTheRight(caption.cluster, clusters, captionClusters) ??
        below(caption.cluster, clusters, captionClusters));
    if (!source || (source.cluster !== caption.cluster && used.has(source.cluster))) continue;
    if (!source.figure && located.has(caption.key)) continue;
    used.add(source.cluster);
    const { x0, y0, x1, y1 } = source.cluster;
    located.set(caption.key, {
      key: caption.key,
      label: caption.label,
      box: { x0, y0, x1, y1 },
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
    located.set(metric.key, { key: metric.key, label: metric.label, box: null, metric });
  return [...located.values()];
}
