import type { ScreenshotPlatform } from '@common/screenshots';
import { figureAt } from './figures';
import { type MetricKey, type ReadMetric, SENTENCE_NOUNS, SENTENCE_SUBJECT } from './labels';

/** Figures from sentences that state a metric for the whole account, for metrics no caption gave. */
export function fromSentences(platform: ScreenshotPlatform, lines: string[], given: Set<MetricKey>) {
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
