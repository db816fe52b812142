import type { ScreenshotPlatform } from '@common/screenshots';
import type { Figure } from './figures';

export type MetricKey =
  | 'views'
  | 'watch_time_hours'
  | 'subscribers'
  | 'followers'
  | 'impressions'
  | 'reach'
  | 'engaged'
  | 'profile_views'
  | 'likes'
  | 'revenue';

/** Metrics that come in fractions: hours of watch time, money. Every other metric is a count. */
const FRACTIONAL: ReadonlySet<MetricKey> = new Set(['watch_time_hours', 'revenue']);

/**
 * Whether a figure can be the metric's: a count is a whole number unless shortened ("1.2K"), so
 * "8,14" views is a misreading.
 */
export const canMeasure = (key: MetricKey, figure: Figure) =>
  FRACTIONAL.has(key) || Number.isInteger(figure.value);

/**
 * Sentences that state a metric for the whole account ("Your channel got 1,204,331 views in the last
 * 28 days"): the figure right before the metric's noun, after the account as the subject. A sentence
 * about one video ("Your latest video got …") or a change ("312 more subscribers than usual") is not
 * one of them.
 */
export const SENTENCE_NOUNS: Record<ScreenshotPlatform, Record<string, MetricKey>> = {
  youtube: { views: 'views', subscribers: 'subscribers', 'new subscribers': 'subscribers' },
  instagram: { accounts: 'reach', views: 'views', followers: 'followers' },
  tiktok: { views: 'views', 'video views': 'views', followers: 'followers' },
};

export const SENTENCE_SUBJECT =
  /(?:^|[.!]\s+)(?:your channel|your account|your videos|your posts|your content|you)\s+(?:got|gained|had|reached|earned|received)\s+$/i;

/** A figure read for a metric, with the caption that named it. */
export type ReadMetric = {
  key: MetricKey;
  label: string;
  shown: string;
  value: number;
  currency: Figure['currency'];
  confidence: number;
};

/** A text with its accents taken off, each letter kept in its place ("Geschatzte" for "Geschätzte"). */
export const unaccented = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Letters OCR takes for one another in small text: round ones, upright strokes. Accents are the
 * language's model's to read (read-screen.ts), not lookalikes.
 */
const LOOKALIKES = ['aoec0', 'il1|!'];
const alike = (a: string, b: string) => LOOKALIKES.some((group) => group.includes(a) && group.includes(b));

/**
 * Where a label is in a caption's text, and where it ends: as it is, or, for a label of ten letters or
 * more, with one letter misread as one like it ("Prafile views"), starting a word, or its first letter
 * lost to the icon before it ("st. rewards"); not another word ("New followers" is not "Net followers"). Null when it is not
 * there.
 */
export function placeOf(text: string, label: string): { at: number; end: number } | null {
  const exact = text.indexOf(label);
  if (exact >= 0 || label.length < 10) return exact >= 0 ? { at: exact, end: exact + label.length } : null;
  for (let at = 0; at + label.length <= text.length; at++) {
    if (at > 0 && text[at - 1] !== ' ') continue;
    let misread = 0;
    for (let index = 0; index < label.length && misread <= 1; index++)
      if (text[at + index] !== label[index]) misread += alike(text[at + index]!, label[index]!) ? 1 : 2;
    if (misread <= 1 && label[0] === text[at]) return { at, end: at + label.length };
  }
  return text.startsWith(label.slice(1)) ? { at: 0, end: label.length - 1 } : null;
}
