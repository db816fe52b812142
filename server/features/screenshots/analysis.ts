import { NO_FIGURES_FOUND, NOTHING_READ, type ScreenshotMetric } from '@common/screenshots';
import type { Db } from '../../db/client';
import type { OcrReader } from '../../integrations/ocr/reader';
import { type FileStorage, readStoredFile } from '../../integrations/storage/storage';
import { type Jobs, QUEUES, work } from '../../jobs/boss';
import { recordScreenshotMetrics } from '../platforms/public';
import { doubtOf } from './check';
import { detectPeriod, detectScope } from './meaning';
import { briefly, readScreen } from './read-screen';
import { readingsOf, type ScreenshotAnalysisJob, screenshotKey, screenshotOwner } from './service';
import { findScreenshot, recordAnalysis } from './store';

export type AnalysisLog = { info(message: string): void; warn(context: object, message: string): void };

/** Reads one screenshot's figures and records them (or why it could not). */
export async function analyseScreenshot(
  deps: { db: Db; ocr: OcrReader; storage: FileStorage },
  screenshotId: string,
): Promise<void> {
  const row = await findScreenshot(deps.db, screenshotId);
  if (row?.status !== 'pending') return;
  // Any instance may take the job: the file comes from the storage they share, not a local folder.
  const file = await deps.storage.get(screenshotKey(row));
  if (!file) throw new Error(`The file of screenshot ${row.id} is missing from ${deps.storage.description}`);
  const image = await readStoredFile(file);
  const reading = await readScreen(deps.ocr, row.platform, image);
  // What the figures measure: the period and whose they are, as the screen states them.
  const readPeriod = detectPeriod(reading.lines, row.createdAt);
  const period = row.isPeriodGiven ? row.period : readPeriod;
  const scope = detectScope(reading.lines);
  const metrics: ScreenshotMetric[] = reading.metrics.map(({ disputed, ...metric }) => {
    const doubt = doubtOf({ ...metric, disputed }, reading.layout !== null);
    return { ...metric, isCorrected: false, needsCheck: doubt !== null, doubt, scope };
  });
  // Text without figures is another screen than the creator meant, or one the reader does not know:
  // saying what was seen tells them which; no text at all is a screen that could not be read.
  const layout = reading.layout?.id ?? null;
  const outcome =
    metrics.length > 0
      ? ({ status: 'analysed', metrics, period, readPeriod, layout } as const)
      : reading.lines.length > 0
        ? ({
            status: 'no_figures',
            error: NO_FIGURES_FOUND,
            seenLines: briefly(reading.lines),
            period,
            readPeriod,
            layout,
          } as const)
        : ({ status: 'failed', error: NOTHING_READ } as const);
  await deps.db.transaction(async (tx) => {
    await recordAnalysis(tx, row.id, outcome);
    await recordScreenshotMetrics(tx, { ...screenshotOwner(row), period }, readingsOf(metrics));
  });
}

/**
 * The analysis worker: one screenshot at a time per instance, OCR in a worker thread. A screenshot
 * whose last attempt throws is marked failed so the creator is not left waiting.
 */
export async function startScreenshotAnalysis(deps: {
  db: Db;
  jobs: Jobs;
  ocr: OcrReader;
  storage: FileStorage;
  log: AnalysisLog;
}): Promise<void> {
  await work<ScreenshotAnalysisJob>(
    deps.jobs,
    QUEUES.screenshotAnalysis,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        await analyseScreenshot(deps, job.data.screenshotId);
      } catch (error) {
        deps.log.warn({ err: error, screenshotId: job.data.screenshotId }, 'Screenshot analysis failed');
        if (job.retryCount >= job.retryLimit) {
          await recordAnalysis(deps.db, job.data.screenshotId, { status: 'failed', error: NOTHING_READ });
          return;
        }
        throw error;
      }
    },
  );
}
