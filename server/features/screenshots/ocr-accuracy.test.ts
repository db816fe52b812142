import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderScreenshot, screenshotTestSet } from '../../../tests/support/analytics-screenshots';
import { type OcrReader, startOcrReader } from '../../integrations/ocr/reader';
import { readMetrics } from './figures';

let cacheDir: string;
let ocr: OcrReader;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-ocr-'));
  ocr = await startOcrReader({ cacheDir, workers: 2 });
}, 60_000);

afterAll(async () => {
  await ocr?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

it('reads at least 95% of the figures exactly over 24 rendered analytics screens', async () => {
  const set = screenshotTestSet();
  expect(set.length).toBeGreaterThanOrEqual(20);
  const misses: string[] = [];
  let total = 0;
  await Promise.all(
    set.map(async (layout) => {
      const words = await ocr.readWords(await renderScreenshot(layout));
      const read = new Map(readMetrics(layout.platform, words).map((metric) => [metric.key, metric]));
      for (const figure of layout.figures) {
        total += 1;
        const got = read.get(figure.key as never);
        if (got?.value !== figure.value) {
          misses.push(
            `${layout.platform} ${layout.theme} ${layout.device}: ${figure.label} "${figure.shown}" read as ${got ? `"${got.shown}" = ${got.value}` : 'nothing'}`,
          );
        }
      }
    }),
  );
  const accuracy = (total - misses.length) / total;
  expect(misses.length / total, misses.join('\n')).toBeLessThanOrEqual(0.05);
  expect(accuracy).toBeGreaterThanOrEqual(0.95);
}, 180_000);
