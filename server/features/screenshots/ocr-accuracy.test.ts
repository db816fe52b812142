import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadScreenImages, loadScreens, type Screen } from '../../../tests/support/analytics-screens';
import { isTuned, type ScreenResult, scoreScreen, summarise } from '../../../tests/support/screen-accuracy';
import { type OcrReader, startOcrReader } from '../../integrations/ocr/reader';

let cacheDir: string;
let ocr: OcrReader;
let screens: Screen[];
let images: Map<string, Buffer>;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-ocr-'));
  // The screens the reader was tuned on only: the layouts added for issue 36 are measured by the bench,
  // not asserted on, until the reader is reworked against their development half.
  screens = (await loadScreens()).filter(isTuned);
  [ocr, images] = await Promise.all([startOcrReader({ cacheDir, workers: 2 }), loadScreenImages(screens)]);
}, 180_000);

afterAll(async () => {
  await ocr?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

it('reads at least 98% of the figures on the accuracy set exactly, and nothing from a distractor', async () => {
  expect(screens.length).toBeGreaterThanOrEqual(64);
  for (const platform of ['youtube', 'instagram', 'tiktok'])
    expect(
      new Set(screens.filter((s) => s.platform === platform).map((s) => s.layout)).size,
    ).toBeGreaterThanOrEqual(5);
  const results: ScreenResult[] = await Promise.all(
    screens.map((screen) => scoreScreen(ocr, screen, images.get(screen.id)!)),
  );
  const { accuracy } = summarise(results);
  const wrong = results.flatMap((result) => result.wrong);
  expect(results.flatMap((result) => result.fromDistractors)).toEqual([]);
  expect(accuracy, wrong.join('\n')).toBeGreaterThanOrEqual(0.98);
}, 300_000);
