import type { ScreenshotPlatform } from '@common/screenshots';
import type { OcrWord } from '../../integrations/ocr/reader';

/** A figure as an analytics screen shows it ("12.3K", "£1,204.50") and the number it stands for. */
export type Figure = { shown: string; value: number; currency: 'GBP' | 'USD' | 'EUR' | null };

const SUFFIXES: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };
const CURRENCIES = { '£': 'GBP', $: 'USD', '€': 'EUR' } as const;

/**
 * The first figure in a piece of text: digits with thousands separators or a decimal part (a comma is a
 * decimal point when one or two digits follow it, as in "45,6 K"), an optional K/M/B multiplier and an
 * optional £, $ or € before it. Signs ("+1.2K gained") and units after it are ignored.
 */
const FIGURE =
  /([£$€])?\s?(\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?:\s?([KkMmBb])(?![a-z]))?/;

export function parseFigure(text: string): Figure | null {
  const match = FIGURE.exec(text);
  if (!match) return null;
  const [whole, symbol, digits, suffix] = match;
  const number = normaliseDigits(digits!);
  if (number === null) return null;
  const multiplier = suffix ? SUFFIXES[suffix.toLowerCase()]! : 1;
  return {
    shown: whole.trim(),
    value: Math.round(number * multiplier * 100) / 100,
    currency: symbol ? CURRENCIES[symbol as keyof typeof CURRENCIES] : null,
  };
}

function normaliseDigits(digits: string): number | null {
  // A separator followed by exactly three digits groups thousands; a last one followed by one or two
  // digits is the decimal point, whichever character it is.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const integerPart = decimal ? digits.slice(0, decimal.index) : digits;
  const integer = integerPart.replace(/[,.\u00a0 ]/g, '');
  if (!/^\d+$/.test(integer)) return null;
  return Number(decimal ? `${integer}.${decimal[1]}` : integer);
}

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

/** What each platform's analytics screens call the figures we read, longest label first where they overlap. */
export const PLATFORM_LABELS: Record<ScreenshotPlatform, { label: string; key: MetricKey }[]> = {
  youtube: [
    { label: 'estimated revenue', key: 'revenue' },
    { label: 'watch time (hours)', key: 'watch_time_hours' },
    { label: 'watch time', key: 'watch_time_hours' },
    { label: 'subscribers', key: 'subscribers' },
    { label: 'impressions', key: 'impressions' },
    { label: 'views', key: 'views' },
  ],
  instagram: [
    { label: 'accounts reached', key: 'reach' },
    { label: 'accounts engaged', key: 'engaged' },
    { label: 'profile visits', key: 'profile_views' },
    { label: 'impressions', key: 'impressions' },
    { label: 'followers', key: 'followers' },
    { label: 'views', key: 'views' },
  ],
  tiktok: [
    { label: 'estimated rewards', key: 'revenue' },
    { label: 'video views', key: 'views' },
    { label: 'profile views', key: 'profile_views' },
    { label: 'followers', key: 'followers' },
    { label: 'likes', key: 'likes' },
  ],
};

export type ReadMetric = {
  key: MetricKey;
  label: string;
  shown: string;
  value: number;
  currency: Figure['currency'];
  confidence: number;
};

type Cluster = {
  text: string;
  lower: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
};

/**
 * Words of one line that sit together: a gap wider than about one letter height separates two cards'
 * text that OCR put on the same line ("Views   Watch time (hours)   Subscribers").
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
      const text = current.map((word) => word.text).join(' ');
      clusters.push({
        text,
        lower: text.toLowerCase(),
        confidence: Math.min(...current.map((word) => word.confidence)),
        x0: Math.min(...current.map((word) => word.x0)),
        y0: Math.min(...current.map((word) => word.y0)),
        x1: Math.max(...current.map((word) => word.x1)),
        y1: Math.max(...current.map((word) => word.y1)),
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

/**
 * The platform's figures among the words OCR read. Analytics screens put each figure in a card under
 * its caption (or beside it, in tables): a caption's figure is the nearest text below it that starts
 * about where the caption starts, or the rest of the caption's own line. Each metric is read once.
 */
export function readMetrics(platform: ScreenshotPlatform, words: OcrWord[]): ReadMetric[] {
  const clusters = clustersOf(words.filter((word) => word.text.trim().length > 0));
  const labels = PLATFORM_LABELS[platform];
  const isLabel = (cluster: Cluster) => labels.some(({ label }) => cluster.lower.includes(label));
  const found = new Map<MetricKey, ReadMetric>();
  for (const caption of clusters) {
    const match = labels.find(({ label }) => caption.lower.includes(label));
    if (!match || found.has(match.key)) continue;
    const height = caption.y1 - caption.y0;
    const rest = caption.text.slice(caption.lower.indexOf(match.label) + match.label.length);
    const below = clusters
      .filter(
        (candidate) =>
          candidate !== caption &&
          !isLabel(candidate) &&
          candidate.y0 >= caption.y1 - height / 2 &&
          candidate.y0 - caption.y1 < height * 8 &&
          Math.abs(candidate.x0 - caption.x0) < height * 3,
      )
      .sort((a, b) => a.y0 - b.y0);
    const sources = [{ text: rest, confidence: caption.confidence }, ...below];
    for (const source of sources) {
      const figure = parseFigure(source.text);
      if (!figure) continue;
      found.set(match.key, {
        key: match.key,
        label: match.label,
        ...figure,
        confidence: Math.round(Math.min(caption.confidence, source.confidence)),
      });
      break;
    }
  }
  return [...found.values()];
}

const SYMBOLS = { GBP: '£', USD: '$', EUR: '€' } as const;

/** A corrected figure as the screen would show it in full: "12,300", "£1,204.50". */
export function formatFigure(value: number, currency: Figure['currency']): string {
  const digits = value.toLocaleString('en-GB', {
    minimumFractionDigits: currency && !Number.isInteger(value) ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return currency ? `${SYMBOLS[currency]}${digits}` : digits;
}
