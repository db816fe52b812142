/**
 * `npm run screens:read -- <screen id> …` ("instagram/business-suite-desktop-2026#1"): what the reader
 * makes of development screens of the accuracy set, for someone adding a layout (docs/screenshots.md).
 * For each screen it prints the lines OCR read, the layout the reader chose, and every figure read
 * beside the answer. Held-out screens are refused: looking at one is tuning on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figureName } from '../common/screenshot-fields';
import { readScreen } from '../server/features/screenshots/read-screen';
import { startOcrReader } from '../server/integrations/ocr/reader';
import { loadScreenImage, loadScreens } from '../tests/support/analytics-screens';

const ids = process.argv.slice(2);
if (ids.length === 0) {
  console.error('Name the screens to read: npm run screens:read -- youtube/studio-overview-live-2026#1');
  process.exit(2);
}
const screens = await loadScreens();
const chosen = ids.map((id) => {
  const screen = screens.find((each) => each.id === id);
  if (!screen) throw new Error(`${id} is not a screen of the set (tests/fixtures/screens/)`);
  if (screen.half === 'held-out')
    throw new Error(`${id} is held out: it is only ever measured (npm run bench -- ocr), never looked at`);
  return screen;
});

const cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-screens-read-'));
const ocr = await startOcrReader({ cacheDir, workers: 1 });
try {
  for (const screen of chosen) {
    const reading = await readScreen(ocr, screen.platform, await loadScreenImage(screen.id));
    console.log(`\n${screen.id}: read as ${reading.layout?.id ?? 'the general reader (no layout knew it)'}`);
    for (const line of reading.lines) console.log(`  | ${line}`);
    const read = new Map(reading.metrics.map((metric) => [figureName(metric), metric]));
    for (const figure of screen.figures) {
      const name =
        figure.meaning?.kind && figure.meaning.kind !== 'total'
          ? `${figure.key}.${figure.meaning.kind}`
          : figure.key;
      const got = read.get(name);
      const mark = got?.value === figure.value ? 'ok  ' : 'MISS';
      console.log(
        `  ${mark} ${name}: wanted ${figure.shown}, read ${got ? `${got.shown} (confidence ${Math.round(got.confidence)})` : 'nothing'}`,
      );
      read.delete(name);
    }
    for (const [name, metric] of read)
      console.log(`  MORE ${name}: read ${metric.shown}, which the answer does not ask for`);
  }
} finally {
  await ocr.close();
  await rm(cacheDir, { recursive: true, force: true });
}
