import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createScheduler, createWorker, OEM, PSM, type RecognizeOptions, type Scheduler } from 'tesseract.js';

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

/** A part of an image, in its pixels. */
export type Region = {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Enlarged to this many pixels high. */
  height?: number;
  /**
   * Read as one line of text rather than text scattered over a page: a figure's box where no words
   * were found, since a lone narrow glyph ("1") is no text at all to the search for scattered text.
   */
  oneLine?: boolean;
};

export type OcrReader = {
  /**
   * The words in an image, with Tesseract's confidence (0–100) and box for each, in the image's pixels.
   * With a region, only that part is read, enlarged first: a second, closer look at one figure.
   */
  readWords(image: Buffer, region?: Region): Promise<OcrWord[]>;
  close(): Promise<void>;
};

/**
 * How much to enlarge a whole screen before reading it. A desktop screenshot's text is 12–14 pixels
 * high, too small for Tesseract to keep the point in "1.2M" or tell grey captions from their card; at
 * 1.5 times it does, at a third more time. Phone screenshots are taken at two or three times their
 * points and are read as they are.
 */
export const scaleFor = (width: number, height: number) =>
  width > height ? Math.min(1.5, 2600 / width) : Math.min(1, 1400 / width);

/**
 * Dark mode reads as light: Tesseract's model is trained on dark text on a light page, so an image
 * (or part) whose average is dark is inverted. Grey (Tesseract binarises it itself; stretching the
 * contrast turned light-grey cards mid-grey and cost accuracy), enlarged or reduced by `scale`.
 */
export async function prepareForOcr(
  image: Buffer,
  region?: Region,
): Promise<{ data: Buffer; scale: number }> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  let source = sharp(image).greyscale();
  let scale = scaleFor(width, height);
  let size = { width, height };
  if (region) {
    const left = Math.max(0, Math.floor(region.x0));
    const top = Math.max(0, Math.floor(region.y0));
    size = {
      width: Math.max(1, Math.min(width, Math.ceil(region.x1)) - left),
      height: Math.max(1, Math.min(height, Math.ceil(region.y1)) - top),
    };
    source = sharp(await source.extract({ left, top, ...size }).toBuffer());
    scale = Math.min(5, Math.max(1, (region.height ?? size.height) / size.height));
  }
  const { channels } = await source.clone().stats();
  const isDark = (channels[0]?.mean ?? 255) < 128;
  let prepared = isDark ? source.negate({ alpha: false }) : source;
  if (scale !== 1) prepared = prepared.resize({ width: Math.round(size.width * scale), kernel: 'lanczos3' });
  return { data: await prepared.png().toBuffer(), scale };
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
    async readWords(image, region) {
      const prepared = await prepareForOcr(image, region);
      // tesseract.js sets any key it does not know as a Tesseract parameter for this job alone (its
      // types list only its own).
      const options = (region?.oneLine ? { tessedit_pageseg_mode: PSM.SINGLE_LINE } : {}) as RecognizeOptions;
      const { data } = await scheduler.addJob('recognize', prepared.data, options, {
        blocks: true,
        text: false,
      });
      const [dx, dy] = region
        ? [Math.max(0, Math.floor(region.x0)), Math.max(0, Math.floor(region.y0))]
        : [0, 0];
      const at = (value: number, offset: number) => Math.round(value / prepared.scale) + offset;
      const words: OcrWord[] = [];
      let lineNumber = 0;
      for (const block of data.blocks ?? []) {
        for (const paragraph of block.paragraphs) {
          for (const line of paragraph.lines) {
            lineNumber += 1;
            for (const word of line.words) {
              const text = word.text.trim();
              if (!text) continue;
              const { x0, y0, x1, y1 } = word.bbox;
              words.push({
                text,
                confidence: word.confidence,
                x0: at(x0, dx),
                y0: at(y0, dy),
                x1: at(x1, dx),
                y1: at(y1, dy),
                line: lineNumber,
              });
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
    readWords: async (image, region) => (await reader()).readWords(image, region),
    close: async () => {
      if (started) await (await started).close();
    },
  };
}
