// `npm run screens:render`: draws the accuracy set's pages that have no image yet, or whose page changed
// since its image was drawn, records them in the manifest and deletes images no screen names
// (tests/fixtures/screens/README.md).
// `-- --all` draws every screen again, for a deliberate change of browser or fonts.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  drawScreens,
  imagePath,
  loadScreens,
  pageHash,
  RENDERED_DIR,
  readManifest,
  staleScreens,
  writeManifest,
} from '../tests/support/analytics-screens';

const screens = await loadScreens();
const toDraw = process.argv.includes('--all') ? screens : await staleScreens(screens);
const images = await drawScreens(toDraw);
const manifest = await readManifest();
for (const screen of toDraw) {
  await mkdir(path.dirname(imagePath(screen)), { recursive: true });
  await writeFile(imagePath(screen), images.get(screen.id)!);
  manifest[screen.id] = pageHash(screen);
}
const ids = new Set(screens.map((screen) => screen.id));
for (const id of Object.keys(manifest)) if (!ids.has(id)) delete manifest[id];
await writeManifest(manifest);
// An image no screen names any more (a screen removed, or saved in another format now) is deleted, so
// the folder holds only what the tests read.
const named = new Set(screens.map(imagePath));
for (const entry of await readdir(RENDERED_DIR, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (entry.isFile() && entry.name !== 'manifest.json' && !named.has(file)) await rm(file);
}
console.log(`${toDraw.length} of ${screens.length} screens drawn`);
