import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: a folder under DATA_DIR for one process, or an S3-compatible bucket that
 * every instance shares (decision 033). Features name their files by key and never touch the filesystem
 * for uploads. Keys are `/`-separated, and everything a creator uploaded is under `creatorPrefix(id)`,
 * so erasing a creator is removing one prefix.
 */
export type FileStorage = {
  /** Where the files are, for the start-up log line: "the folder …" or "the bucket …". */
  readonly description: string;
  /** Writes the whole file at once, replacing any file with that key. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file as a stream, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes one file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which ends in `/`). */
  deletePrefix(prefix: string): Promise<void>;
  /** The keys under `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
};

export type StoredFile = { body: Readable; contentType: string; size: number };

/** One path segment of a key: letters, digits, `.`, `_` and `-`; never `.` or `..` on its own. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9._-]+$/;

/**
 * Keys come from ids and names we make, but a mistake in one must never reach outside a creator's
 * prefix (or outside the uploads folder on disk): every segment is checked before any storage call.
 */
export function checkKey(key: string, { isPrefix = false } = {}): string {
  const body = isPrefix ? key.replace(/\/$/, '') : key;
  if ((isPrefix && !key.endsWith('/')) || !body.split('/').every((segment) => SEGMENT.test(segment))) {
    throw new Error(`An unsafe storage ${isPrefix ? 'prefix' : 'key'}: ${JSON.stringify(key)}`);
  }
  return key;
}

/** Everything one creator uploaded; each feature names its own files below it. */
export const creatorPrefix = (userId: string) => checkKey(`users/${userId}/`, { isPrefix: true });

/** Erases a creator's files, whatever feature wrote them (account deletion, "This wasn't me"). */
export async function deleteCreatorFiles(storage: FileStorage, userId: string): Promise<void> {
  await storage.deletePrefix(creatorPrefix(userId));
}

/** A stored file read whole, for work that needs the bytes (OCR, the data export). */
export async function readStoredFile(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
