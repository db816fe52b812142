import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startOcrReader } from '../server/integrations/ocr/reader';
import { loadScreenImages, loadScreens } from '../tests/support/analytics-screens';
import { groupBy, type ScreenResult, scoreScreen, summarise } from '../tests/support/screen-accuracy';
import { percentile, round } from './support';

const share = (results: ScreenResult[]) => round(summarise(results).accuracy, 3);

/**
 * Screenshot reading over the accuracy set (tests/fixtures/screens: three platforms, their layouts,
 * light and dark, phones and desktops), through one OCR worker as the server runs it, one image at a
 * time after a warm-up: figures read exactly, overall, per platform and per layout; figures taken from
 * distractors; the worst three screens; wall and CPU time per image.
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
    const { figures, exact, accuracy } = summarise(results);
    const wall = results.map((result) => result.ms).sort((a, b) => a - b);
    const cpu = results.map((result) => result.cpuMs).sort((a, b) => a - b);
    const byPlatform = Object.fromEntries(
      [...groupBy(results, (result) => result.screen.platform)].map(([key, group]) => [key, share(group)]),
    );
    const byLayout = Object.fromEntries(
      [...groupBy(results, (result) => `${result.screen.platform}/${result.screen.layout}`)].map(
        ([key, group]) => [key, share(group)],
      ),
    );
    const worst = [...results]
      .sort((a, b) => a.exact / a.screen.figures.length - b.exact / b.screen.figures.length || b.ms - a.ms)
      .slice(0, 3)
      .map((result) => ({
        screen: result.screen.id,
        size: result.screen.size,
        theme: result.screen.theme,
        read: `${result.exact}/${result.screen.figures.length}`,
        wrong: result.wrong,
      }));
    return {
      screenshots: screens.length,
      figures,
      readExactly: exact,
      accuracy: round(accuracy, 3),
      fromDistractors: results.flatMap((result) => result.fromDistractors),
      byPlatform,
      byLayout,
      worst,
      perImageMedianMs: round(percentile(wall, 50), 0),
      perImageP95Ms: round(percentile(wall, 95), 0),
      perImageCpuMedianMs: round(percentile(cpu, 50), 0),
    };
  } finally {
    await ocr.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
}
