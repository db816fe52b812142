import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found from wherever this code runs: `server/` from source (tests,
 * `npm run dev`) or `dist/server/` from the bundle `npm start` runs.
 */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the project folder (no package.json above the server code).');
    dir = parent;
  }
  return dir;
}

export const PROJECT_ROOT = findProjectRoot();
