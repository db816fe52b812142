import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMetrics } from '../server/features/screenshots/figures';
import { startOcrReader } from '../server/integrations/ocr/reader';
import { renderScreenshot, screenshotTestSet } from '../tests/support/analytics-screenshots';
import { percentile, round } from './support';

/**
 * Screenshot analysis over the rendered test set (three platforms, light and dark, desktop and phone):
 * the share of figures read exactly, and the time per image through one OCR worker, as the server runs
 * it (one image at a time), after one warm-up image.
 */
export async function benchOcr() {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-ocr-'));
  const ocr = await startOcrReader({ cacheDir, workers: 1 });
  try {
    const set = screenshotTestSet();
    const images = await Promise.all(set.map((layout) => renderScreenshot(layout)));
    await ocr.readWords(images[0]!);
    const durations: number[] = [];
    let figures = 0;
    let exact = 0;
    for (const [index, layout] of set.entries()) {
      const started = performance.now();
      const metrics = readMetrics(layout.platform, await ocr.readWords(images[index]!));
      durations.push(performance.now() - started);
      for (const figure of layout.figures) {
        figures += 1;
        if (metrics.find((metric) => metric.key === figure.key)?.value === figure.value) exact += 1;
      }
    }
    durations.sort((a, b) => a - b);
    return {
      screenshots: set.length,
      figures,
      readExactly: exact,
      accuracy: round(exact / figures, 3),
      perImageMedianMs: round(percentile(durations, 50), 0),
      perImageP95Ms: round(percentile(durations, 95), 0),
    };
  } finally {
    await ocr.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
}
