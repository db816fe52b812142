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
