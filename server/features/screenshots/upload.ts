import { createHash, randomUUID } from 'node:crypto';
import type { ScreenshotPlatform, ScreenshotUpload } from '@common/screenshots';
import type { Db } from '../../db/client';
import { inTransaction, QUEUES } from '../../jobs/boss';
import { cleanScreenshot, extensionOf } from './images';
import { type ScreenshotAnalysisJob, type ScreenshotDeps, screenshotKey, type UploadedFile } from './service';
import { findScreenshotsOfFiles, insertScreenshots, type NewScreenshot, toScreenshot } from './store';

/**
 * Keeps a batch of screenshots or none of them: every file is checked by its bytes and re-encoded
 * before anything is written; then the files, then their rows and analysis jobs in one transaction
 * (the files are removed again if that fails). A file the creator has sent before, byte for byte, is
 * not kept again: it comes back as the screenshot it already is, with its one reading.
 */
export async function uploadScreenshots(
  { db, jobs, storage, now }: ScreenshotDeps,
  userId: string,
  platform: ScreenshotPlatform,
  files: UploadedFile[],
): Promise<ScreenshotUpload> {
  const hashed = files.map((file) => ({ file, sha256: sha256Of(file.data) }));
  const earlier = await sentAlready(
    db,
    userId,
    hashed.map((each) => each.sha256),
  );
  const sentBefore = new Set(earlier.map((row) => row.sourceSha256));
  // Each new file once, by its first name, even when the batch holds it twice.
  const fresh = hashed.filter(
    ({ sha256 }, index) =>
      !sentBefore.has(sha256) && hashed.findIndex((each) => each.sha256 === sha256) === index,
  );
  const cleaned = [];
  for (const each of fresh)
    cleaned.push({ ...each, image: await cleanScreenshot(each.file.fileName, each.file.data) });

  const createdAt = now();
  const rows: NewScreenshot[] = cleaned.map(({ file, sha256, image }) => {
    const id = randomUUID();
    return {
      id,
      createdAt,
      platform,
      fileName: file.fileName.slice(0, 200),
      storedName: `${userId}/${id}.${extensionOf(image.type)}`,
      mimeType: image.type,
      bytes: image.data.length,
      width: image.width,
      height: image.height,
      sourceSha256: sha256,
    };
  });
  const written: string[] = [];
  try {
    for (const [index, row] of rows.entries()) {
      const key = screenshotKey({ userId, storedName: row.storedName });
      await storage.put(key, cleaned[index]!.image.data, row.mimeType);
      written.push(key);
    }
    const saved = await db.transaction(async (tx) => {
      const inserted = await insertScreenshots(tx, userId, rows);
      if (inserted.length === 0) return inserted;
      await jobs.insert(
        inserted.map((row) => ({
          name: QUEUES.screenshotAnalysis,
          data: { screenshotId: row.id } satisfies ScreenshotAnalysisJob,
        })),
        { db: inTransaction(tx) },
      );
      return inserted;
    });
    // A file another upload kept meanwhile: its row was left out, so its stored copy goes.
    const kept = new Set(saved.map((row) => row.id));
    const raced = rows.filter((row) => !kept.has(row.id));
    await Promise.all(
      raced.map((row) =>
        storage.delete(screenshotKey({ userId, storedName: row.storedName })).catch(() => {}),
      ),
    );
    // Looked up again only for files that lost a race: the rest were found before anything was written.
    const keptMeanwhile =
      raced.length > 0
        ? await sentAlready(
            db,
            userId,
            raced.map((row) => row.sourceSha256!),
          )
        : [];
    return {
      screenshots: saved.map(toScreenshot),
      alreadyUploaded: [...earlier, ...keptMeanwhile].map(toScreenshot),
    };
  } catch (error) {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  }
}

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const sentAlready = (db: Db, userId: string, hashes: string[]) =>
  findScreenshotsOfFiles(db, userId, [...new Set(hashes)]);
