import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
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

/**
 * The languages screens are read in (ISO 639-1), and Tesseract's model for each. Every model ships
 * with the app, from tesseract.js's data packages (LSTM `best_int`): nothing is downloaded at run time.
 */
export const OCR_LANGUAGES = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', pt: 'por', it: 'ita' } as const;
export type OcrLanguage = keyof typeof OCR_LANGUAGES;

const requireData = createRequire(import.meta.url);
const modelFile = (code: string) =>
  path.join(
    path.dirname(requireData.resolve(`@tesseract.js-data/${code}`)),
    '4.0.0_best_int',
    `${code}.traineddata.gz`,
  );

/** How long a language's worker is kept with no screen in it. */
const LANGUAGE_IDLE_MS = 10 * 60_000;

/**
 * One folder holding every model, since tesseract.js reads all of a worker's languages from one
 * `langPath`: the packages' files copied into the cache folder, once (each whole or not at all).
 */
async function modelsFolder(cacheDir: string): Promise<string> {
  const folder = path.join(cacheDir, 'models');
  await mkdir(folder, { recursive: true });
  for (const code of Object.values(OCR_LANGUAGES)) {
    const target = path.join(folder, `${code}.traineddata.gz`);
    const present = await stat(target).catch(() => null);
    if (present) continue;
    await copyFile(modelFile(code), `${target}.part`);
    await rename(`${target}.part`, target);
  }
  return folder;
}

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
   * With a region, only that part is read, enlarged first: a second, closer look at one figure. In a
   * language other than English, by that language's model and English's together: a screen in German
   * still prints "YouTube Studio", "K" and "Views" among its own words.
   */
  readWords(image: Buffer, region?: Region, language?: OcrLanguage): Promise<OcrWord[]>;
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
 * requests. English's pool starts at once; another language's worker (one) on the first screen in it,
 * kept while screens in that language come, and let go after `languageIdleMs` without one: each holds
 * its model and English's, about 110 MB.
 */
export async function startOcrReader(options: {
  cacheDir: string;
  workers?: number;
  languageIdleMs?: number;
}): Promise<OcrReader & { languages(): OcrLanguage[] }> {
  await mkdir(options.cacheDir, { recursive: true });
  const langPath = await modelsFolder(options.cacheDir);
  const pool = async (language: OcrLanguage, count: number) => {
    const scheduler: Scheduler = createScheduler();
    const models = language === 'en' ? 'eng' : `eng+${OCR_LANGUAGES[language]}`;
    for (let index = 0; index < count; index++) {
      const worker = await createWorker(models, OEM.LSTM_ONLY, {
        langPath,
        cachePath: options.cacheDir,
        gzip: true,
      });
      // Analytics screens are cards of scattered text, not a page of paragraphs.
      await worker.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
      scheduler.addWorker(worker);
    }
    return scheduler;
  };
  const pools = new Map<OcrLanguage, Promise<Scheduler>>([['en', pool('en', options.workers ?? 1)]]);
  await pools.get('en');
  // How many reads of each language are under way, and the timer that lets its worker go once none is.
  const idle = new Map<OcrLanguage, { reading: number; timer?: NodeJS.Timeout }>();
  const letGo = (language: OcrLanguage) => {
    const found = pools.get(language);
    pools.delete(language);
    idle.delete(language);
    found?.then((scheduler) => scheduler.terminate()).catch(() => undefined);
  };
  /** Marks a read in `language` under way, until the function it returns is called. */
  const reading = (language: OcrLanguage) => {
    if (language === 'en') return () => undefined;
    const state = idle.get(language) ?? { reading: 0 };
    idle.set(language, state);
    clearTimeout(state.timer);
    state.reading += 1;
    return () => {
      state.reading -= 1;
      if (state.reading > 0) return;
      state.timer = setTimeout(() => letGo(language), options.languageIdleMs ?? LANGUAGE_IDLE_MS);
      state.timer.unref();
    };
  };
  const poolFor = (language: OcrLanguage) => {
    let found = pools.get(language);
    if (!found) {
      found = pool(language, 1);
      pools.set(language, found);
      // A language that failed to start is tried again by the next screen in it.
      found.catch(() => pools.delete(language));
    }
    return found;
  };
  return {
    async readWords(image, region, language = 'en') {
      const prepared = await prepareForOcr(image, region);
      // tesseract.js sets any key it does not know as a Tesseract parameter for this job alone (its
      // types list only its own).
      const options = (region?.oneLine ? { tessedit_pageseg_mode: PSM.SINGLE_LINE } : {}) as RecognizeOptions;
      const done = reading(language);
      const { data } = await poolFor(language)
        .then((scheduler) =>
          scheduler.addJob('recognize', prepared.data, options, { blocks: true, text: false }),
        )
        .finally(done);
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
    languages: () => [...pools.keys()],
    close: async () => {
      for (const { timer } of idle.values()) clearTimeout(timer);
      for (const scheduler of pools.values()) await (await scheduler).terminate();
    },
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
    readWords: async (image, region, language) => (await reader()).readWords(image, region, language),
    close: async () => {
      if (started) await (await started).close();
    },
  };
}
