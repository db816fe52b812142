// What the screenshot panels show and accept: free of zod, for the pages.

/** Screenshot upload panels exist for these three. */
export const SCREENSHOT_PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export type ScreenshotPlatform = (typeof SCREENSHOT_PLATFORMS)[number];

/** Where a screenshot's reading stands; `no_figures` is text read with none of the platform's figures in it. */
export const SCREENSHOT_STATUSES = ['pending', 'analysed', 'no_figures', 'failed'] as const;
export type ScreenshotStatus = (typeof SCREENSHOT_STATUSES)[number];

/** JPEG, PNG and WebP, at most 10 MB each. */
export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;
export const MAX_SCREENSHOTS_PER_UPLOAD = 10;

/**
 * The figures read from each platform's screens, in the order a form to type them shows them: the
 * same fields the reader fills.
 */
export const SCREENSHOT_FIELDS: Record<ScreenshotPlatform, readonly string[]> = {
  youtube: ['views', 'watch_time_hours', 'subscribers', 'impressions', 'revenue'],
  instagram: ['reach', 'engaged', 'followers', 'views', 'profile_views', 'impressions', 'likes'],
  tiktok: ['views', 'profile_views', 'likes', 'followers', 'revenue'],
};

/** What a screenshot that could not be read at all says, above the form to type its figures. */
export const NOTHING_READ = "Couldn't read this screen";

/**
 * What a screenshot whose text was read, but held none of the platform's figures, says: above the
 * lines that were seen (so the creator can tell a wrong screen from a misread one) and the same form.
 */
export const NO_FIGURES_FOUND = 'No figures found on this screen';

/**
 * What a screenshot read by the general reader says: no layout the reader knows matched its words
 * (another screen, or a language it has no layout for), so its figures were found without one.
 */
export const GENERAL_READER =
  'Ballast does not know this screen’s layout yet, so it was read without one: check its figures.';

/** What a screenshot read by a layout says, with the layout's name ("YouTube Studio, in English"). */
export const readAs = (layoutName: string) => `Read as ${layoutName}.`;

/** At most this many of the lines seen are kept and shown, each cut to `SEEN_LINE_LENGTH` characters. */
export const SEEN_LINES = 12;
export const SEEN_LINE_LENGTH = 80;

/**
 * Screenshots of the same screen and period before a fall in one of its figures can be judged: the
 * latest period against the one before it (server/features/alerts/screenshot-fall.ts). A first
 * screenshot is judged against the change its screen states ("↓ 35%"), or the creator's synced days of
 * the period before, when she has them.
 */
export const SCREENSHOTS_FOR_ALERTS = 2;

/** How a figure may be typed: as the screen shows it. */
export const FIGURE_HINT = 'as the screen shows it, like 1.2M, 12.3K or £3,412.50';

export function acceptsScreenshotType(type: string): boolean {
  return (SCREENSHOT_TYPES as readonly string[]).includes(type);
}

/**
 * The periods a screen states in so many words, with the days each covers (null: no fixed length).
 * A period is one of these, a calendar year ("calendar_year:2025", "in 2025") or the dates a screen
 * states ("custom_range:2025-10-01/2025-10-31"); "unknown" where the screen does not say.
 */
export const NAMED_PERIODS = {
  last_7_days: 7,
  last_28_days: 28,
  last_30_days: 30,
  last_60_days: 60,
  last_90_days: 90,
  last_365_days: 365,
  lifetime: null,
  unknown: null,
} as const satisfies Record<string, number | null>;
export type NamedPeriod = keyof typeof NAMED_PERIODS;
export type FigurePeriod = NamedPeriod | `calendar_year:${number}` | `custom_range:${string}/${string}`;

const YEAR = /^calendar_year:(\d{4})$/;
const RANGE = /^custom_range:(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/;
const DAY_MS = 86_400_000;

export function isFigurePeriod(text: string): text is FigurePeriod {
  if (Object.hasOwn(NAMED_PERIODS, text)) return true;
  const year = YEAR.exec(text);
  if (year) return Number(year[1]) >= 2000 && Number(year[1]) <= 2100;
  const range = RANGE.exec(text);
  return (
    range !== null &&
    !Number.isNaN(Date.parse(range[1]!)) &&
    range[1]! <= range[2]! &&
    !Number.isNaN(Date.parse(range[2]!))
  );
}

/** How many days a period covers, for comparing like with like; null for lifetime and unknown. */
export function periodDays(period: FigurePeriod): number | null {
  const year = YEAR.exec(period);
  if (year) return (Date.UTC(Number(year[1]) + 1, 0, 1) - Date.UTC(Number(year[1]), 0, 1)) / DAY_MS;
  const range = RANGE.exec(period);
  if (range) return (Date.parse(range[2]!) - Date.parse(range[1]!)) / DAY_MS + 1;
  return NAMED_PERIODS[period as NamedPeriod] ?? null;
}

/** What kind of period it is: the named period itself, "calendar_year" or "custom_range". */
export const periodKind = (period: FigurePeriod) =>
  period.split(':')[0] as NamedPeriod | 'calendar_year' | 'custom_range';

const NAMED_LABELS: Record<NamedPeriod, string> = {
  last_7_days: 'Last 7 days',
  last_28_days: 'Last 28 days',
  last_30_days: 'Last 30 days',
  last_60_days: 'Last 60 days',
  last_90_days: 'Last 90 days',
  last_365_days: 'Last 365 days',
  lifetime: 'Lifetime',
  unknown: 'Not stated',
};

/** The period as a person says it: "Last 28 days", "In 2025", "2025-10-01 to 2025-10-31", "Not stated". */
export function periodLabel(period: FigurePeriod): string {
  const year = YEAR.exec(period);
  if (year) return `In ${year[1]}`;
  const range = RANGE.exec(period);
  if (range) return `${range[1]} to ${range[2]}`;
  return NAMED_LABELS[period as NamedPeriod] ?? NAMED_LABELS.unknown;
}

/**
 * A standing total (followers the account has, views in the period), a change over the period
 * ("+389", "Net followers"), or a figure of the screen's realtime panel (views in the last 48 hours,
 * the live subscriber count): only figures of one kind are compared, and only a total is the
 * period's figure.
 */
export const FIGURE_KINDS = ['total', 'change', 'realtime'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];
/**
 * A screenshot's figure by name, as its address names it: "views" for a total, "subscribers.change"
 * and "views.realtime" for the others, since a screen may show a metric's total and its change.
 */
export const figureName = ({ key, kind }: { key: string; kind?: FigureKind }) =>
  !kind || kind === 'total' ? key : `${key}.${kind}`;

/** The account's figure, or one post's or video's own (its insights page). */
export const FIGURE_SCOPES = ['account', 'post'] as const;
export type FigureScope = (typeof FIGURE_SCOPES)[number];

const CURRENCY_SYMBOLS = { GBP: '£', USD: '$', EUR: '€' } as const;

/** A figure written out in full, in British notation: "12,300", "£1,204.50", "1,100,000". */
export function formatFigure(value: number, currency: keyof typeof CURRENCY_SYMBOLS | null): string {
  const digits = value.toLocaleString('en-GB', {
    minimumFractionDigits: currency && !Number.isInteger(value) ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return currency ? `${CURRENCY_SYMBOLS[currency]}${digits}` : digits;
}

/**
 * The number a figure was understood as, where the screen printed it otherwise ("1,1 Mln" is
 * 1,100,000; "1.234" in German is 1,234); null where it printed it so already. Signs and spaces
 * are the screen's own and are not compared.
 */
export function understoodAs(figure: {
  shown: string;
  value: number;
  currency: keyof typeof CURRENCY_SYMBOLS | null;
}): string | null {
  const full = formatFigure(Math.abs(figure.value), figure.currency);
  const printed = figure.shown.replace(/[\s+\-−–]/g, '');
  return printed === full ? null : full;
}

/**
 * Why a figure waits for the creator's check, and what the screen says of it: read with little
 * confidence, two close looks that read different numbers, a screen read without a layout (its
 * figures' places guessed), or a stated fall deep enough to raise an alert.
 */
export const FIGURE_DOUBTS = {
  unsure: 'Read with little confidence.',
  disputed: 'Two close looks read different numbers here.',
  unplaced: 'Ballast guessed where this figure is on a screen it does not know.',
  fall: 'The screen states a fall deep enough to raise an alert.',
} as const;
export type FigureDoubt = keyof typeof FIGURE_DOUBTS;
