import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHECK_BELOW_CONFIDENCE } from '../server/features/screenshots/check';
import { startOcrReader } from '../server/integrations/ocr/reader';
import { loadScreenImages, loadScreens } from '../tests/support/analytics-screens';
import {
  askedName,
  changeScore,
  groupBy,
  isTuned,
  periodScore,
  type ScreenResult,
  scoreScreen,
  summarise,
} from '../tests/support/screen-accuracy';
import { percentile, round } from './support';

/** The share of figures read exactly; null for screens that hold none (distractors only). */
const share = (results: ScreenResult[]) => {
  const { figures, accuracy } = summarise(results);
  return figures === 0 ? null : round(accuracy, 3);
};

const shares = (results: ScreenResult[], keyOf: (result: ScreenResult) => string) =>
  Object.fromEntries([...groupBy(results, keyOf)].map(([key, group]) => [key, share(group)]));

/**
 * Figures read exactly by what they are, where the page says (tests/fixtures/screens/README.md): a
 * total or a change, the account's or one post's; "unstated" for the screens that do not say.
 */
function byMeaning(results: ScreenResult[]) {
  const counts = new Map<string, { figures: number; exact: number }>();
  for (const result of results)
    for (const figure of result.screen.figures) {
      const key = figure.meaning ? `${figure.meaning.kind}/${figure.meaning.scope}` : 'unstated';
      const count = counts.get(key) ?? { figures: 0, exact: 0 };
      count.figures += 1;
      if (!result.missed.includes(askedName(figure))) count.exact += 1;
      counts.set(key, count);
    }
  return Object.fromEntries(
    [...counts].map(([key, { figures, exact }]) => [
      key,
      `${exact}/${figures} (${round(exact / figures, 3)})`,
    ]),
  );
}

/**
 * How the reader's confidence separates wrong readings from right ones, over the development half
 * only (the threshold is chosen from these, docs/benchmarks.md): each wrong reading's confidence, and how
 * many of each are below the threshold, so are shown to the creator to check.
 */
function confidence(results: ScreenResult[]) {
  const readings = results.flatMap((result) =>
    result.readings.map((reading) => ({ ...reading, screen: result.screen.id })),
  );
  const wrong = readings.filter((reading) => !reading.isRight);
  const right = readings.filter((reading) => reading.isRight);
  const below = (some: typeof readings) =>
    some.filter((reading) => reading.confidence < CHECK_BELOW_CONFIDENCE).length;
  return {
    checkBelow: CHECK_BELOW_CONFIDENCE,
    readings: readings.length,
    wrong: wrong
      .sort((a, b) => a.confidence - b.confidence)
      .map((reading) => `${reading.screen} ${reading.key} at ${reading.confidence}`),
    wrongToCheck: `${below(wrong)}/${wrong.length}`,
    rightToCheck: `${below(right)}/${right.length}`,
  };
}

/** One part of the set: figures read exactly, by platform and layout, distractors taken, the worst screens. */
function report(results: ScreenResult[], worstCount: number) {
  const { figures, exact, accuracy } = summarise(results);
  const worst = [...results]
    .sort((a, b) => a.exact / a.screen.figures.length - b.exact / b.screen.figures.length || b.ms - a.ms)
    .filter((result) => result.exact < result.screen.figures.length || result.fromDistractors.length > 0)
    .slice(0, worstCount)
    .map((result) => ({
      screen: result.screen.id,
      size: result.screen.size,
      theme: result.screen.theme,
      format: result.screen.format,
      read: `${result.exact}/${result.screen.figures.length}`,
      wrong: result.wrong,
    }));
  return {
    screenshots: results.length,
    figures,
    readExactly: exact,
    accuracy: round(accuracy, 3),
    fromDistractors: results.flatMap((result) => result.fromDistractors),
    byPlatform: shares(results, (result) => result.screen.platform),
    byLayout: shares(results, (result) => `${result.screen.platform}/${result.screen.layout}`),
    byFormat: shares(results, (result) => result.screen.format),
    byMeaning: byMeaning(results),
    period: (({ screens, read, accuracy, wrong }) => ({
      read: `${read}/${screens}`,
      accuracy: round(accuracy, 3),
      wrong,
    }))(periodScore(results)),
    // The change each figure's screen states beside it, where the page's answer gives it: read right
    // (or rightly none), and the ones read wrong, apart from those only missed.
    changes: (({ figures, right, accuracy, invented, wrong }) => ({
      read: `${right}/${figures}`,
      accuracy: round(accuracy, 3),
      invented,
      readWrong: wrong.filter((what) => !what.endsWith('read as none')),
      missed: wrong.filter((what) => what.endsWith('read as none')).length,
    }))(changeScore(results)),
    worst,
  };
}

/**
 * Screenshot reading over the accuracy set (tests/fixtures/screens: three platforms, their layouts,
 * light and dark, phones and desktops, PNG, JPEG and WebP), through one OCR worker as the server runs it,
 * one image at a time after a warm-up. The top-level figures are those of the screens the reader was
 * tuned on (the ones ocr-accuracy.test.ts asserts on, comparable with earlier runs); then each half
 * apart: the development half of the layouts added since, which the reader may be tuned against, and the
 * held-out half, which it never is. Each: figures read exactly, per platform and layout, figures taken
 * from distractors, the worst screens. Wall and CPU time per image over every screen.
 */
export async function benchOcr() {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-ocr-'));
  const ocr = await startOcrReader({ cacheDir, workers: 1 });
  try {
    const screens = await loadScreens();
    const images = await loadScreenImages(screens);
    await ocr.readWords(images.get(screens[0]!.id)!);
    const results: ScreenResult[] = [];
    for (const screen of screens) results.push(await scoreScreen(ocr, screen, images.get(screen.id)!));
    const wall = results.map((result) => result.ms).sort((a, b) => a - b);
    const cpu = results.map((result) => result.cpuMs).sort((a, b) => a - b);
    const tuned = results.filter((result) => isTuned(result.screen));
    const newDevelopment = results.filter(
      (result) => result.screen.half === 'development' && !isTuned(result.screen),
    );
    const heldOut = results.filter((result) => result.screen.half === 'held-out');
    return {
      ...report(tuned, 3),
      newDevelopment: report(newDevelopment, 5),
      heldOut: { ...report(heldOut, 5), confidence: confidence(heldOut) },
      developmentConfidence: confidence(results.filter((result) => result.screen.half === 'development')),
      perImageMedianMs: round(percentile(wall, 50), 0),
      perImageP95Ms: round(percentile(wall, 95), 0),
      perImageCpuMedianMs: round(percentile(cpu, 50), 0),
    };
  } finally {
    await ocr.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
}
