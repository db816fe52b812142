import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadScreenImages, loadScreens, type Screen } from '../../../tests/support/analytics-screens';
import { isTuned, type ScreenResult, scoreScreen, summarise } from '../../../tests/support/screen-accuracy';
import { type OcrReader, startOcrReader } from '../../integrations/ocr/reader';

/**
 * Development screens read exactly, figure by figure, for what only their pixels show: a run of 1s OCR
 * shortened ("11 711" read as "1171"), readings that disagree where the glyphs read apart are sure
 * ("1,011"), a shortening boxed apart beside a post's icons ("87,7 mil"), a table row OCR could not make
 * out below a card's garbled figure; a lone "1" or "0" no search for scattered text finds (the second
 * at JPEG quality 31), "US$ 14,37", and "1,1 Mln" and "24,8K" that OCR made "11 Min" and "24 8K".
 */
const EACH_EXACT = [
  'tiktok/app-followers#14',
  'tiktok/app-overview-2025#19',
  'tiktok/app-overview-2025#26',
  'tiktok/app-overview-2025#27',
  'tiktok/app-overview-2025#28',
  'tiktok/app-overview-2025#30',
  'tiktok/post-analytics#15',
  'tiktok/studio-overview-2025#16',
];

let cacheDir: string;
/** Every screen of the test read once, by id, for both tests to score. */
let readings: Promise<Map<string, ScreenResult>> | undefined;
const resultsFor = async (wanted: Screen[]) => {
  readings ??= Promise.all(screens.map((screen) => scoreScreen(ocr, screen, images.get(screen.id)!))).then(
    (results) => new Map(results.map((result) => [result.screen.id, result])),
  );
  const byId = await readings;
  return wanted.map((screen) => byId.get(screen.id)!);
};
let ocr: OcrReader;
let screens: Screen[];
let images: Map<string, Buffer>;

beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-ocr-'));
  // The screens the reader was tuned on, and those read exactly: the other layouts added for issue 36
  // are measured by the bench, not asserted on, until the reader is reworked against their development
  // half.
  screens = (await loadScreens()).filter((screen) => isTuned(screen) || EACH_EXACT.includes(screen.id));
  [ocr, images] = await Promise.all([startOcrReader({ cacheDir, workers: 2 }), loadScreenImages(screens)]);
}, 180_000);

afterAll(async () => {
  await ocr?.close();
  await rm(cacheDir, { recursive: true, force: true });
});

it('reads at least 98% of the figures on the accuracy set exactly, and nothing from a distractor', async () => {
  const tuned = screens.filter(isTuned);
  expect(tuned.length).toBeGreaterThanOrEqual(64);
  for (const platform of ['youtube', 'instagram', 'tiktok'])
    expect(
      new Set(tuned.filter((s) => s.platform === platform).map((s) => s.layout)).size,
    ).toBeGreaterThanOrEqual(5);
  const results = await resultsFor(tuned);
  const { accuracy } = summarise(results);
  const wrong = results.flatMap((result) => result.wrong);
  expect(results.flatMap((result) => result.fromDistractors)).toEqual([]);
  expect(accuracy, wrong.join('\n')).toBeGreaterThanOrEqual(0.98);
}, 300_000);

it('reads each figure of the screens kept for what only their pixels show', async () => {
  const kept = screens.filter((screen) => EACH_EXACT.includes(screen.id));
  expect(kept.map((screen) => screen.half)).toEqual(EACH_EXACT.map(() => 'development'));
  const results = await resultsFor(kept);
  expect(results.flatMap((result) => [...result.wrong, ...result.fromDistractors])).toEqual([]);
}, 120_000);

it('reads a lone "0", and a Portuguese caption English’s model spells without its "ç", in screenshots re-encoded once more', async () => {
  // Forwarded again: JPEGs at quality 38 and 31 saved again, as a second chat app does.
  const again: [string, number][] = [
    ['tiktok/app-overview-2025#27', 35],
    ['tiktok/app-overview-2025#30', 35],
    ['tiktok/app-overview-2025#30', 55],
  ];
  for (const [id, quality] of again) {
    const image = await sharp(images.get(id)!).jpeg({ quality }).toBuffer();
    const result = await scoreScreen(ocr, screens.find((one) => one.id === id)!, image);
    expect([...result.wrong, ...result.fromDistractors], `${id} at ${quality}`).toEqual([]);
  }
}, 120_000);
