import { periodKind } from '@common/screenshots';
import { detectPeriod } from '../../server/features/screenshots/meaning';
import { readScreen } from '../../server/features/screenshots/read-screen';
import type { OcrReader } from '../../server/integrations/ocr/reader';
import type { Screen } from './analytics-screens';

/**
 * The layouts the reader was tuned on: the first 64 screens of the set, all of the development half.
 * `ocr-accuracy.test.ts` holds the reader to them. Layouts added since (issue 36) are only measured, by
 * `npm run bench -- ocr`: a layout joins this list once the reader has been reworked against its
 * development half, and the held-out half of any layout is never asserted on (tests/fixtures/screens/README.md).
 */
export const TUNED_LAYOUTS: readonly string[] = [
  'instagram/account-insights',
  'instagram/business-suite-desktop-2026',
  'instagram/business-suite-insights',
  'instagram/followers-detail',
  'instagram/interactions-detail-2025',
  'instagram/post-insights',
  'instagram/post-insights-2025',
  'instagram/professional-dashboard',
  'instagram/professional-dashboard-cropped-2026',
  'instagram/views-detail',
  'instagram/views-detail-2025',
  'instagram/web-insights',
  'tiktok/app-followers',
  'tiktok/app-overview',
  'tiktok/app-overview-badge-2026',
  'tiktok/creator-rewards',
  'tiktok/data-table',
  'tiktok/live',
  'tiktok/post-analytics',
  'tiktok/studio-app-home-2025',
  'tiktok/studio-followers-2026',
  'tiktok/studio-overview-2025',
  'tiktok/studio-web',
  'youtube/analytics-overview-2025',
  'youtube/audience-tab',
  'youtube/content-list-2025',
  'youtube/content-tab-2025',
  'youtube/engagement-tab',
  'youtube/reach-tab',
  'youtube/studio-app',
  'youtube/studio-dashboard',
  'youtube/studio-overview',
  'youtube/studio-overview-live-2026',
];

/** A development screen of a layout the reader was tuned on: what the accuracy test asserts on. */
export function isTuned(screen: Screen): boolean {
  return screen.half === 'development' && TUNED_LAYOUTS.includes(`${screen.platform}/${screen.layout}`);
}

/** How one screen read: figures exact, misread, missed, and any figure taken from a distractor. */
export type ScreenResult = {
  screen: Screen;
  exact: number;
  /** The keys of the figures not read exactly. */
  missed: string[];
  /** "Views "1.2M" read as 12M" */
  wrong: string[];
  /** Figures taken from something that is not the metric: a date, a percentage, another card. */
  fromDistractors: string[];
  /** Every figure read, with the reader's confidence and whether it was the screen's figure exactly. */
  readings: { key: string; confidence: number; isRight: boolean }[];
  /**
   * Where the page states its period (`period` in its JSON, not "unknown"): that period, and the one
   * read from the screen's text ("custom_range" for any dates, "calendar_year" for any year).
   */
  period?: { stated: string; read: string };
  /**
   * Where the page's answer gives the changes it states: one entry a figure read, "views −35 read as
   * −35", and whether it was read right (the change, or none where the screen states none).
   */
  changes?: { what: string; isRight: boolean; isInvented: boolean }[];
  /** Wall time and the process's CPU time for the screen. */
  ms: number;
  cpuMs: number;
};

/** Every number a page shows outside its figures: dates, percentages, clocks, counts, other cards. */
function distractorNumbers(screen: Screen): Set<number> {
  let text = screen.html.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/<[^>]+>/g, ' ');
  for (const figure of screen.figures) text = text.replace(figure.shown, ' ');
  const numbers = new Set<number>();
  for (const match of text.matchAll(/\d[\d,. \u00a0]*/g)) {
    const digits = match[0].trim();
    numbers.add(Number(digits.replace(/[^\d]/g, '')));
    numbers.add(Number(digits.replace(/[, \u00a0]/g, '')));
    numbers.add(Number(digits.replace(/[. \u00a0]/g, '').replace(',', '.')));
  }
  numbers.delete(Number.NaN);
  return numbers;
}

/** The day the set's pages show as today (their ranges end on 22 or 23 November 2025). */
const SCREENS_TAKEN_AT = new Date('2025-11-24T12:00:00Z');

/** Periods read as the pages state them, over the screens that state one. */
export function periodScore(results: ScreenResult[]) {
  const stated = results.flatMap((result) =>
    result.period ? [{ id: result.screen.id, ...result.period }] : [],
  );
  const wrong = stated.filter((period) => period.read !== period.stated);
  return {
    screens: stated.length,
    read: stated.length - wrong.length,
    accuracy: stated.length === 0 ? 0 : (stated.length - wrong.length) / stated.length,
    wrong: wrong.map((period) => `${period.id} states ${period.stated}, read as ${period.read}`),
  };
}

/**
 * What a figure is asked to be read as: the kind its page's answer states, or, where it states none,
 * a change when the screen prints it with a sign ("+389") and a total otherwise.
 */
const askedKind = (figure: Screen['figures'][number]) =>
  figure.meaning?.kind ?? (/^[+−–-]/.test(figure.shown.trim()) ? 'change' : 'total');

/** "subscribers" for a total, "subscribers.change" for the others, as answers name them. */
const named = (key: string, kind: string) => (kind === 'total' ? key : `${key}.${kind}`);

/** A figure's name as `missed` lists it. */
export const askedName = (figure: Screen['figures'][number]) => named(figure.key, askedKind(figure));

/**
 * Reads one screen as the analysis job does and scores it against the figures beside its page: a
 * figure is read exactly when its value and its kind (a total, a change, a realtime figure) are.
 */
export async function scoreScreen(ocr: OcrReader, screen: Screen, image: Buffer): Promise<ScreenResult> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { metrics: read, lines } = await readScreen(ocr, screen.platform, image);
  const used = process.cpuUsage(cpu);
  const ms = performance.now() - started;
  const distractors = distractorNumbers(screen);
  const result: ScreenResult = {
    screen,
    exact: 0,
    missed: [],
    wrong: [],
    fromDistractors: [],
    readings: read.map((metric) => ({
      key: named(metric.key, metric.kind),
      confidence: metric.confidence,
      isRight: screen.figures.some(
        (figure) =>
          figure.key === metric.key && askedKind(figure) === metric.kind && figure.value === metric.value,
      ),
    })),
    ms,
    cpuMs: (used.user + used.system) / 1000,
  };
  if (screen.period && screen.period !== 'unknown')
    result.period = { stated: screen.period, read: periodKind(detectPeriod(lines, SCREENS_TAKEN_AT)) };
  for (const figure of screen.figures) {
    const kind = askedKind(figure);
    const got = read.find((metric) => metric.key === figure.key && metric.kind === kind);
    if (got?.value === figure.value) {
      result.exact += 1;
      continue;
    }
    // Read as another kind of figure: a change or a realtime figure is not the total, nor the reverse.
    const asOther = got ? undefined : read.find((metric) => metric.key === figure.key);
    const reading = got ?? asOther;
    const what = `${screen.id} ${named(figure.key, kind)} "${figure.shown}" read as ${
      reading ? `"${reading.shown}" (${reading.value}${asOther ? `, as ${asOther.kind}` : ''})` : 'nothing'
    }`;
    result.missed.push(named(figure.key, kind));
    result.wrong.push(what);
    if (got && distractors.has(got.value)) result.fromDistractors.push(what);
  }
  if (screen.changes) {
    const { changes } = screen;
    result.changes = read.flatMap((metric) => {
      if (!(metric.key in changes) || metric.kind === 'realtime') return [];
      const stated = changes[metric.key] ?? null;
      return [
        {
          what: `${screen.id} ${metric.key} states ${stated ?? 'no change'}, read as ${metric.statedChange ?? 'none'}`,
          isRight: metric.statedChange === stated,
          isInvented: stated === null && metric.statedChange !== null,
        },
      ];
    });
  }
  for (const metric of read) {
    if (!screen.figures.some((figure) => figure.key === metric.key && askedKind(figure) === metric.kind))
      result.fromDistractors.push(
        `${screen.id} ${named(metric.key, metric.kind)} read as "${metric.shown}", not a figure on this screen`,
      );
  }
  return result;
}

export type Summary = { figures: number; exact: number; accuracy: number };

export function summarise(results: ScreenResult[]): Summary {
  const figures = results.reduce((sum, result) => sum + result.screen.figures.length, 0);
  const exact = results.reduce((sum, result) => sum + result.exact, 0);
  return { figures, exact, accuracy: figures === 0 ? 0 : exact / figures };
}

/**
 * Stated changes read, over the screens whose answer gives them: right (the change, or none where none
 * is stated), wrong, and those read where the screen states none (a distractor taken for a change).
 */
export function changeScore(results: ScreenResult[]) {
  const changes = results.flatMap((result) => result.changes ?? []);
  const right = changes.filter((change) => change.isRight).length;
  return {
    figures: changes.length,
    right,
    accuracy: changes.length === 0 ? 0 : right / changes.length,
    invented: changes.filter((change) => change.isInvented).map((change) => change.what),
    wrong: changes.filter((change) => !change.isRight).map((change) => change.what),
  };
}

/** Results grouped by a key (platform, or platform and layout). */
export function groupBy(results: ScreenResult[], keyOf: (result: ScreenResult) => string) {
  const groups = new Map<string, ScreenResult[]>();
  for (const result of results) groups.set(keyOf(result), [...(groups.get(keyOf(result)) ?? []), result]);
  return groups;
}
