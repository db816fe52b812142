import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { LANDING_BUDGET_KB, measureFirstLoads, SIGNED_IN_PAGE_BUDGET_KB } from './first-load';
import { ROOT, round } from './support';

const CLIENT_DIST = path.join(ROOT, 'dist/client');

const kB = (bytes: number) => round(bytes / 1000, 1);

async function brotliKB(files: string[]) {
  let total = 0;
  for (const file of files) {
    const content = await readFile(path.join(CLIENT_DIST, file));
    total += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return kB(total);
}

/**
 * First-load JavaScript, from the build manifest (bench/first-load.ts): the landing page's (the entry
 * and its static imports), each signed-in page's (the entry, the signed-in app's chunk and the page's
 * own chunk, each with its static imports), and apart, the chunks a page loads once it has shown.
 */
export async function benchLandingJs() {
  const { landing, pages, later } = await measureFirstLoads(CLIENT_DIST);
  return {
    firstLoad: {
      files: landing.files.length,
      gzipKB: kB(landing.gzipBytes),
      brotliKB: await brotliKB(landing.files),
      budgetGzipKB: LANDING_BUDGET_KB,
    },
    belowTheFold: { files: later['/']!.files.length, gzipKB: kB(later['/']!.gzipBytes) },
    signedInPages: Object.fromEntries(
      Object.entries(pages).map(([page, load]) => [
        page,
        {
          files: load.files.length,
          gzipKB: kB(load.gzipBytes),
          ownChunksGzipKB: kB(load.ownChunkGzipBytes),
          budgetGzipKB: SIGNED_IN_PAGE_BUDGET_KB,
        },
      ]),
    ),
    revenueCharts: { files: later['/dashboard']!.files.length, gzipKB: kB(later['/dashboard']!.gzipBytes) },
  };
}
