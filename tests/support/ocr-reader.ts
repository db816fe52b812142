import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startOcrReader } from '../../server/integrations/ocr/reader';

/**
 * An OCR reader with a cache folder of its own, as the server starts one: `close` stops its workers
 * and removes the folder.
 */
export async function startScratchOcrReader(options: { workers?: number; languageIdleMs?: number } = {}) {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'ballast-ocr-'));
  const ocr = await startOcrReader({ cacheDir, ...options });
  return {
    ocr,
    cacheDir,
    close: async () => {
      await ocr.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
