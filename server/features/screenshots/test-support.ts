import type { Screenshot, ScreenshotPlatform } from '@common/screenshots';
import sharp from 'sharp';
import { expect } from 'vitest';
import { loadScreenImage } from '../../../tests/support/analytics-screens';
import type { as } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';
import type { OcrWord } from '../../integrations/ocr/reader';
import { locateMetrics } from './layout';
import { detectLayout, generalLayout } from './layouts';
import { linesOf } from './read-screen';

type Request = ReturnType<typeof as>;

let lineNumber = 0;
/** One OCR line of words from x, 12 pixels a letter, 24 high, a letter's gap between words. */
export function ocrLine(x: number, y: number, text: string, height = 24): OcrWord[] {
  lineNumber += 1;
  let left = x;
  return text.split(' ').map((word) => {
    const box = {
      text: word,
      confidence: 92,
      x0: left,
      y0: y,
      x1: left + word.length * 12,
      y1: y + height,
      line: lineNumber,
    };
    left = box.x1 + 12;
    return box;
  });
}

/** The creator's screenshots, newest first, as the screen lists them. */
export const listScreenshots = async (request: Request) =>
  (await (await request('/api/screenshots')).json()) as Screenshot[];

/** Uploads a screen of the accuracy set (development half) and waits for its reading. */
export async function readScreenOf(
  request: Request,
  screenId: string,
  /** A part of the screen, in its pixels, as a creator snips it. */
  crop?: { left: number; top: number; width: number; height: number },
): Promise<Screenshot> {
  const form = new FormData();
  form.set('platform', screenId.split('/')[0]!);
  form.set('uploadType', 'screenshots');
  const whole = await loadScreenImage(screenId);
  const data = crop ? await sharp(whole).extract(crop).png().toBuffer() : whole;
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'screen.png');
  expect((await request('/api/upload/screenshots', { method: 'POST', body: form })).status).toBe(201);
  await waitUntil(
    async () => (await listScreenshots(request))[0]?.status !== 'pending',
    60_000,
    'the analysis',
  );
  return (await listScreenshots(request))[0]!;
}

/** The layout these words are read by, as the reader decides it: the general reader where none fits. */
export const layoutFor = (platform: ScreenshotPlatform, words: OcrWord[]) =>
  detectLayout(platform, linesOf(words)) ?? generalLayout(platform);

/** What the layout rules locate in these words, read by the layout the reader would choose. */
export const locate = (platform: ScreenshotPlatform, words: OcrWord[]) =>
  locateMetrics(layoutFor(platform, words), words);

/** The figures the layout rules read from these words, named as answers name them: "views", "subscribers.change". */
export const readFigures = (platform: ScreenshotPlatform, words: OcrWord[]) =>
  Object.fromEntries(
    locateMetrics(layoutFor(platform, words), words).flatMap(({ metric, kind }) =>
      metric ? [[kind === 'total' ? metric.key : `${metric.key}.${kind}`, metric.value]] : [],
    ),
  );
