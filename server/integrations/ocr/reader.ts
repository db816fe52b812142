import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createScheduler, createWorker, OEM, PSM, type Scheduler } from 'tesseract.js';

/** A word read, with its box in pixels of the image given and the line it is on. */
export type OcrWord = {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  line: number;
};

/** The English model ships with the app (no download at run time). */
const LANG_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng')),
  '4.0.0_best_int',
);

/** Wider images are scaled down first: the figures stay readable and recognition takes less time. */
const MAX_WIDTH = 1400;

export type OcrReader = {
  /** The words in an image, with Tesseract's confidence (0–100) and box for each. */
  readWords(image: Buffer): Promise<OcrWord[]>;
  close(): Promise<void>;
};

/**
 * Dark mode reads as light: Tesseract's model is trained on dark text on a light page, so an image
 * whose average is dark is inverted. Grey (Tesseract binarises it itself; stretching the contrast turned
 * light-grey cards mid-grey and cost accuracy), and no wider than MAX_WIDTH.
 */
export async function prepareForOcr(image: Buffer): Promise<Buffer> {
  const grey = sharp(image).rotate().greyscale();
  const { channels } = await grey.clone().stats();
  const isDark = (channels[0]?.mean ?? 255) < 128;
  const { width = MAX_WIDTH } = await sharp(image).metadata();
  let prepared = grey;
  if (isDark) prepared = prepared.negate({ alpha: false });
  if (width > MAX_WIDTH) prepared = prepared.resize({ width: MAX_WIDTH });
  return prepared.png().toBuffer();
}

/**
 * A pool of Tesseract workers (tesseract.js runs each in a worker thread, so recognition never blocks
 * the event loop). Started once and shared; `workers` defaults to one, leaving the other core to the
 * requests.
 */
export async function startOcrReader(options: { cacheDir: string; workers?: number }): Promise<OcrReader> {
  await mkdir(options.cacheDir, { recursive: true });
  const scheduler: Scheduler = createScheduler();
  const count = options.workers ?? 1;
  for (let index = 0; index < count; index++) {
    const worker = await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: LANG_PATH,
      cachePath: options.cacheDir,
      gzip: true,
    });
    // Analytics screens are cards of scattered text, not a page of paragraphs.
    await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
    scheduler.addWorker(worker);
  }
  return {
    async readWords(image) {
      const prepared = await prepareForOcr(image);
      const { data } = await scheduler.addJob('recognize', prepared, {}, { blocks: true, text: false });
      const words: OcrWord[] = [];
      let lineNumber = 0;
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            lineNumber += 1;
            for (const word of line.words) {
              const text = word.text.trim();
              if (text) words.push({ text, confidence: word.confidence, ...word.bbox, line: lineNumber });
            }
          }
        }
      }
      return words;
    },
    close: () => scheduler.terminate(),
  };
}

/** The reader, started by its first use: most processes never read a screenshot, and starting costs a second. */
export function lazyOcrReader(options: { cacheDir: string; workers?: number }): OcrReader {
  let started: Promise<OcrReader> | undefined;
  const reader = () => {
    started ??= startOcrReader(options);
    return started;
  };
  return {
    readWords: async (image) => (await reader()).readWords(image),
    close: async () => {
      if (started) await (await started).close();
    },
  };
}
