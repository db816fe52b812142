import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT, round } from './support';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const CLIENT_DIST = path.join(ROOT, 'dist/client');

async function sizes(files: Iterable<string>) {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const content = await readFile(path.join(CLIENT_DIST, file));
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { gzipKB: round(gzip / 1000, 1), brotliKB: round(brotli / 1000, 1) };
}

/**
 * The landing page's first-load JavaScript, from the build manifest: the entry and everything it
 * imports statically (what the page's own <script> and modulepreload links fetch). Reported apart:
 * the chunk below the strike demo, which loads as the visitor scrolls near it.
 */
export async function benchLandingJs() {
  const manifest = JSON.parse(
    await readFile(path.join(CLIENT_DIST, '.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = closure('index.html');
  const belowFoldKey = Object.keys(manifest).find((key) => key.endsWith('landing-below-fold.tsx'));
  const belowFold = belowFoldKey ? [...closure(belowFoldKey)].filter((key) => !entry.has(key)) : [];
  const fileOf = (key: string) => manifest[key]!.file;
  return {
    firstLoad: { files: entry.size, ...(await sizes([...entry].map(fileOf))), budgetGzipKB: 90 },
    belowTheFold: { files: belowFold.length, ...(await sizes(belowFold.map(fileOf))) },
  };
}
