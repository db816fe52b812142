import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadScreenImage } from '../../../tests/support/analytics-screens';
import { startScratchOcrReader } from '../../../tests/support/ocr-reader';
import { readScreen } from './read-screen';

let reader: Awaited<ReturnType<typeof startScratchOcrReader>>;

beforeAll(async () => {
  reader = await startScratchOcrReader();
}, 120_000);

afterAll(() => reader?.close());

it('reads a screen in Portuguese by the Portuguese model once its layout says so, its lines as printed', async () => {
  // TikTok's analytics in Portuguese, as an iPhone saves it as a JPEG at quality 38.
  const reading = await readScreen(
    reader.ocr,
    'tiktok',
    await loadScreenImage('tiktok/app-overview-2025#27'),
  );
  expect(reading.layout?.id).toBe('tiktok/analytics.pt');
  expect(reading.lines).toContain('Visualizações de');
  expect(reading.lines).toContain('publicações');
  // "o Visualizações do / O perfil": the Portuguese model reads the icon by the caption's second line
  // as a capital, so its two lines are no caption; English's reading of the screen places the figure.
  expect(Object.fromEntries(reading.metrics.map((metric) => [metric.key, metric.value]))).toEqual({
    views: 45_700,
    profile_views: 1111,
    likes: 6284,
    revenue: 14.37,
  });
}, 60_000);
