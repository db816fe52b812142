import type { FigureDoubt } from '@common/screenshots';

/**
 * A figure read with less confidence than this (Tesseract's 0–100, the lowest of its words and looks)
 * is shown to the creator to check before it counts: one click to confirm, or a correction. Chosen
 * from the development half of the accuracy set alone (docs/benchmarks.md, how the reader came to be): every
 * misread digit or separator there but one was read below it, while about one right reading in seven
 * is asked about too. A figure taken from the wrong place on the screen is read with full confidence,
 * so no threshold catches it.
 */
export const CHECK_BELOW_CONFIDENCE = 88;

export const isDoubtful = (confidence: number) => confidence < CHECK_BELOW_CONFIDENCE;

/**
 * A fall the screen states beside a figure this deep (percent) raises an alert on its own (alerts,
 * screenshot-fall.ts, the same 30% as a fall against one earlier period), so it is shown for checking
 * first: a change is printed small, and a point lost ("−7.1%" read as "−71%") would be a false alarm.
 */
export const CHECK_STATED_FALL_FROM = -30;

export const isStatedFall = (change: number | null) => change !== null && change <= CHECK_STATED_FALL_FROM;

/**
 * Why a figure read from a screen waits for the creator's check (`FIGURE_DOUBTS`), the first that
 * holds; null when it counts at once. Two sure looks that read different numbers, or a screen no
 * layout describes (its figures' places are the general reader's guess), are doubted however
 * confident the reading that won.
 */
export function doubtOf(
  metric: { confidence: number; statedChange: number | null; disputed: boolean },
  hasLayout: boolean,
): FigureDoubt | null {
  if (metric.disputed) return 'disputed';
  if (!hasLayout) return 'unplaced';
  if (isDoubtful(metric.confidence)) return 'unsure';
  if (isStatedFall(metric.statedChange)) return 'fall';
  return null;
}
