import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Screenshot, ScreenshotMetric, ScreenshotPlatform } from '@common/screenshots';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { inTransaction, type Jobs, QUEUES } from '../../jobs/boss';
import { recordScreenshotMetrics } from '../platforms/metrics';
import { formatFigure } from './figures';
import { cleanScreenshot, extensionOf } from './images';
import {
  findOwnScreenshot,
  findScreenshots,
  insertScreenshots,
  type NewScreenshot,
  type ScreenshotRow,
  saveMetrics,
  toScreenshot,
} from './store';

export type ScreenshotDeps = { db: Db; jobs: Jobs; uploadsDir: string };
export type UploadedFile = { fileName: string; data: Buffer };
export type ScreenshotAnalysisJob = { screenshotId: string };

const LIST_LENGTH = 50;

/** Where a creator's screenshots are kept: one folder per creator under DATA_DIR/uploads. */
export const screenshotPath = (uploadsDir: string, storedName: string) =>
  path.join(uploadsDir, 'screenshots', storedName);

/**
 * Keeps a batch of screenshots or none of them: every file is checked by its bytes and re-encoded
 * before anything is written; then the files, then their rows and analysis jobs in one transaction
 * (the files are removed again if that fails).
 */
export async function uploadScreenshots(
  { db, jobs, uploadsDir }: ScreenshotDeps,
  userId: string,
  platform: ScreenshotPlatform,
  files: UploadedFile[],
): Promise<Screenshot[]> {
  const cleaned = [];
  for (const file of files) cleaned.push({ file, image: await cleanScreenshot(file.fileName, file.data) });

  const rows: NewScreenshot[] = cleaned.map(({ file, image }) => {
    const id = randomUUID();
    return {
      id,
      platform,
      fileName: file.fileName.slice(0, 200),
      storedName: `${userId}/${id}.${extensionOf(image.type)}`,
      mimeType: image.type,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
    };
  });
  const written: string[] = [];
  try {
    await mkdir(path.dirname(screenshotPath(uploadsDir, rows[0]!.storedName)), { recursive: true });
    for (const [index, row] of rows.entries()) {
      const target = screenshotPath(uploadsDir, row.storedName);
      await writeFile(target, cleaned[index]!.image.data, { flag: 'wx' });
      written.push(target);
    }
    const saved = await db.transaction(async (tx) => {
      const inserted = await insertScreenshots(tx, userId, rows);
      await jobs.insert(
        inserted.map((row) => ({
          name: QUEUES.screenshotAnalysis,
          data: { screenshotId: row.id } satisfies ScreenshotAnalysisJob,
        })),
        { db: inTransaction(tx) },
      );
      return inserted;
    });
    return saved.map(toScreenshot);
  } catch (error) {
    await Promise.all(written.map((file) => rm(file, { force: true })));
    throw error;
  }
}

export async function listScreenshots(db: Db, userId: string): Promise<Screenshot[]> {
  return (await findScreenshots(db, userId, LIST_LENGTH)).map(toScreenshot);
}

/** The creator's own reading of a figure replaces what OCR made of it. */
export async function correctMetric(
  db: Db,
  userId: string,
  id: string,
  key: string,
  value: number,
): Promise<Screenshot> {
  const row = await findOwnScreenshot(db, userId, id);
  if (!row) throw notFound('That screenshot');
  const metric = row.metrics.find((candidate) => candidate.key === key);
  if (!metric) throw notFound(`The figure "${key}" on that screenshot`);
  const corrected: ScreenshotMetric = {
    ...metric,
    value,
    shown: formatFigure(value, metric.currency),
    confidence: 100,
    isCorrected: true,
  };
  const metrics = row.metrics.map((candidate) => (candidate.key === key ? corrected : candidate));
  return db.transaction(async (tx) => {
    const saved = await saveMetrics(tx, row.id, metrics);
    await recordScreenshotMetrics(tx, screenshotOwner(row), readingsOf(metrics));
    return toScreenshot(saved);
  });
}

/** A screenshot as the platform metrics it feeds know it. */
export const screenshotOwner = (row: ScreenshotRow) => ({
  id: row.id,
  userId: row.userId,
  platform: row.platform,
  takenAt: row.createdAt,
});

export const readingsOf = (metrics: ScreenshotMetric[]) =>
  metrics.map((metric) => ({ metric: metric.key, value: metric.value, currency: metric.currency }));
