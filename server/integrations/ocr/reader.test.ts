import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadScreenImage } from '../../../tests/support/analytics-screens';
import { startScratchOcrReader } from '../../../tests/support/ocr-reader';
import { waitUntil } from '../../../tests/support/wait';
import { OCR_LANGUAGES } from './reader';

let reader: Awaited<ReturnType<typeof startScratchOcrReader>>;

beforeAll(async () => {
  reader = await startScratchOcrReader();
}, 120_000);

afterAll(() => reader?.close());

it('keeps every language’s model in one folder, since a worker reads all of its languages from one', async () => {
  const models = await readdir(path.join(reader.cacheDir, 'models'));
  expect(models.sort()).toEqual(
    Object.values(OCR_LANGUAGES)
      .map((code) => `${code}.traineddata.gz`)
      .sort(),
  );
});

it('reads a Portuguese screen’s accents by the Portuguese model, where English’s loses them', async () => {
  // TikTok's analytics in Portuguese, as an Android phone saves it (JPEG at 45): "Visualizações de
  // publicações", which English's model reads as "Visualizacoes de publicacoes".
  const image = await loadScreenImage('tiktok/app-overview-2025#33');
  const text = async (language: 'en' | 'pt') =>
    (await reader.ocr.readWords(image, undefined, language)).map((word) => word.text).join(' ');
  const [english, portuguese] = await Promise.all([text('en'), text('pt')]);
  expect(portuguese).toContain('Visualizações');
  expect(portuguese).toContain('publicações');
  expect(english).not.toContain('ç');
}, 60_000);

it('lets a language’s worker go once no screen in it has come for a while, and starts it again for the next', async () => {
  const idle = await startScratchOcrReader({ languageIdleMs: 200 });
  try {
    const image = await sharp(await loadScreenImage('tiktok/app-followers#5'))
      .extract({ left: 0, top: 0, width: 600, height: 400 })
      .toBuffer();
    await idle.ocr.readWords(image, undefined, 'fr');
    expect(idle.ocr.languages().sort()).toEqual(['en', 'fr']);
    await waitUntil(() => idle.ocr.languages().length === 1, 10_000, 'the French worker to be let go');
    expect(idle.ocr.languages()).toEqual(['en']);
    expect((await idle.ocr.readWords(image, undefined, 'fr')).length).toBeGreaterThan(0);
    expect(idle.ocr.languages().sort()).toEqual(['en', 'fr']);
  } finally {
    await idle.close();
  }
}, 60_000);
