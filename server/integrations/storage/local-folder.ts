import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, type FileStorage } from './storage';

/** The folder has no metadata of its own, so a file's type comes from its name. */
const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.csv': 'text/csv',
};
const typeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/**
 * Creators' files are the app's alone: another account on the machine must not read a screenshot. Files
 * are 0600 in folders 0700; the root is set to 0700 at every start, which also shuts others out of
 * whatever an earlier version wrote below it with wider modes.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

/**
 * Files in a folder (`DATA_DIR/uploads` by default), a key being its path below it: right for one
 * process, and the layout `aws s3 sync` copies into a bucket as it is when moving to object storage.
 */
export async function createLocalFolderStorage(root: string): Promise<FileStorage> {
  await mkdir(root, { recursive: true, mode: FOLDER_MODE });
  await chmod(root, FOLDER_MODE);
  await moveEarlierLayout(root);
  const fileOf = (key: string) => path.join(root, ...checkKey(key).split('/'));
  const folderOf = (prefix: string) => path.join(root, ...checkKey(prefix, { isPrefix: true }).split('/'));
  return {
    description: `the folder ${root}`,
    async put(key, data) {
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: FOLDER_MODE });
      // Written beside and renamed over, so a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.partial`;
      await writeFile(partial, data, { mode: FILE_MODE });
      await rename(partial, target);
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size, isFile } = await stat(file).then((info) => ({
          size: info.size,
          isFile: info.isFile(),
        }));
        if (!isFile) return null;
        return { body: createReadStream(file), contentType: typeOf(key), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(folderOf(prefix), { recursive: true, force: true });
    },
    async list(prefix) {
      const folder = folderOf(prefix);
      try {
        const entries = await readdir(folder, { recursive: true, withFileTypes: true });
        return entries
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
          .map((entry) =>
            path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
          )
          .sort();
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
  };
}

/**
 * Before files were kept per creator, screenshots were under `screenshots/<user id>/` and pictures at
 * `profile-images/<user id>.webp`; an existing folder is moved to `users/<user id>/...` once, at start-up.
 */
async function moveEarlierLayout(root: string) {
  const move = async (from: string, to: string) => {
    await mkdir(path.dirname(to), { recursive: true, mode: FOLDER_MODE });
    await rename(from, to).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  };
  const listed = (folder: string) =>
    readdir(folder).catch((error: unknown) => (isMissing(error) ? [] : Promise.reject(error)));
  for (const userId of await listed(path.join(root, 'screenshots'))) {
    for (const name of await listed(path.join(root, 'screenshots', userId))) {
      await move(
        path.join(root, 'screenshots', userId, name),
        path.join(root, 'users', userId, 'screenshots', name),
      );
    }
    await rmdir(path.join(root, 'screenshots', userId)).catch(() => {});
  }
  for (const name of await listed(path.join(root, 'profile-images'))) {
    if (!name.endsWith('.webp')) continue;
    await move(
      path.join(root, 'profile-images', name),
      path.join(root, 'users', path.basename(name, '.webp'), 'profile-image.webp'),
    );
  }
  await rmdir(path.join(root, 'screenshots')).catch(() => {});
  await rmdir(path.join(root, 'profile-images')).catch(() => {});
}
