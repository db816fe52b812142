import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../../tests/support/s3-server';
import { createLocalFolderStorage } from './local-folder';
import { createS3BucketStorage } from './s3-bucket';
import { checkKey, deleteCreatorFiles, type FileStorage, readStoredFile } from './storage';

let s3: TestS3Server;
let folder: string;

beforeAll(async () => {
  s3 = await startTestS3Server();
  folder = await mkdtemp(path.join(tmpdir(), 'ballast-storage-'));
});

afterAll(async () => {
  await s3?.close();
  await rm(folder, { recursive: true, force: true });
});

const text = async (storage: FileStorage, key: string) => {
  const file = await storage.get(key);
  return file ? (await readStoredFile(file)).toString() : null;
};

let bucketCount = 0;
/** Each test gets storage of its own: a fresh folder, or a fresh bucket on the one S3 server. */
const IMPLEMENTATIONS: [string, () => Promise<FileStorage>][] = [
  ['a local folder', async () => createLocalFolderStorage(await mkdtemp(path.join(folder, 'uploads-')))],
  [
    'an S3-compatible bucket',
    async () => {
      const bucket = `contract-${++bucketCount}`;
      await s3.client.send(new CreateBucketCommand({ Bucket: bucket }));
      return createS3BucketStorage({ bucket, forcePathStyle: true }, s3.client);
    },
  ],
];

describe.each(IMPLEMENTATIONS)('file storage in %s', (_name, makeStorage) => {
  it('gives back what was put, with its type and size, and null for a key never written', async () => {
    const storage = await makeStorage();
    await storage.put('users/u1/screenshots/a.png', Buffer.from('first picture'), 'image/png');
    const file = await storage.get('users/u1/screenshots/a.png');
    expect([file?.contentType, file?.size]).toEqual(['image/png', 13]);
    expect((await readStoredFile(file!)).toString()).toBe('first picture');
    expect(await storage.get('users/u1/screenshots/missing.png')).toBeNull();
    expect(await storage.get('users/nobody/profile-image.webp')).toBeNull();
  });

  it('replaces a file put again under the same key', async () => {
    const storage = await makeStorage();
    await storage.put('users/u1/profile-image.webp', Buffer.from('old'), 'image/webp');
    await storage.put('users/u1/profile-image.webp', Buffer.from('new one'), 'image/webp');
    expect(await text(storage, 'users/u1/profile-image.webp')).toBe('new one');
    expect(await storage.list('users/u1/')).toEqual(['users/u1/profile-image.webp']);
  });

  it('lists and removes by prefix, leaving a creator whose id starts the same alone', async () => {
    const storage = await makeStorage();
    const mine = ['users/u1/profile-image.webp', 'users/u1/screenshots/b.jpg', 'users/u1/screenshots/a.png'];
    const theirs = ['users/u10/screenshots/a.png', 'users/u2/profile-image.webp'];
    for (const key of [...mine, ...theirs]) await storage.put(key, Buffer.from(key), 'image/png');

    expect(await storage.list('users/u1/')).toEqual([...mine].sort());
    expect(await storage.list('users/u1/screenshots/')).toEqual([
      'users/u1/screenshots/a.png',
      'users/u1/screenshots/b.jpg',
    ]);
    await deleteCreatorFiles(storage, 'u1');
    expect(await storage.list('users/u1/')).toEqual([]);
    expect(await storage.list('users/')).toEqual([...theirs].sort());
    expect(await text(storage, 'users/u10/screenshots/a.png')).toBe('users/u10/screenshots/a.png');
    // Removing what is not there is not an error: a deletion retried after a partial failure finishes.
    await deleteCreatorFiles(storage, 'u1');
    await storage.delete('users/u2/profile-image.webp');
    await storage.delete('users/u2/profile-image.webp');
    expect(await storage.list('users/')).toEqual(['users/u10/screenshots/a.png']);
  });

  it('removes a prefix holding more files than one listing page (1,000)', async () => {
    const storage = await makeStorage();
    const keys = Array.from({ length: 1_010 }, (_, index) => `users/many/screenshots/${index}.png`);
    for (let start = 0; start < keys.length; start += 50) {
      await Promise.all(
        keys.slice(start, start + 50).map((key) => storage.put(key, Buffer.from('x'), 'image/png')),
      );
    }
    expect(await storage.list('users/many/')).toHaveLength(1_010);
    await deleteCreatorFiles(storage, 'many');
    expect(await storage.list('users/many/')).toEqual([]);
  }, 120_000);

  it('refuses a key that could reach outside its prefix before touching anything', async () => {
    const storage = await makeStorage();
    for (const key of ['../secret', 'users/../x', 'users//x', '/users/x', 'users/a b', 'users/x/']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /unsafe storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/unsafe storage key/);
    }
    await expect(storage.deletePrefix('users/u1')).rejects.toThrow(/unsafe storage prefix/);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/unsafe storage prefix/);
    await expect(deleteCreatorFiles(storage, '..')).rejects.toThrow(/unsafe storage prefix/);
    expect(await storage.list('users/')).toEqual([]);
  });
});

describe('the local folder', () => {
  it('keeps a file at the path its key names, so `aws s3 sync` copies the folder into a bucket as is', async () => {
    const root = await mkdtemp(path.join(folder, 'layout-'));
    const storage = await createLocalFolderStorage(root);
    await storage.put('users/u1/screenshots/a.png', Buffer.from('pixels'), 'image/png');
    expect(await readdir(path.join(root, 'users', 'u1', 'screenshots'))).toEqual(['a.png']);
  });

  it("keeps files only the app's own user can read: files 0600 in folders 0700, the root shut at start", async () => {
    const root = await mkdtemp(path.join(folder, 'modes-'));
    await chmod(root, 0o755);
    const storage = await createLocalFolderStorage(path.join(root, 'uploads'));
    const before = await createLocalFolderStorage(root);
    await storage.put('users/u1/screenshots/a.png', Buffer.from('pixels'), 'image/png');
    await before.put('users/u2/profile-image.webp', Buffer.from('picture'), 'image/webp');
    const modeOf = async (...parts: string[]) => (await stat(path.join(root, ...parts))).mode & 0o777;
    const owner = process.getuid?.();
    expect(await modeOf()).toBe(0o700);
    for (const folderPath of [['uploads'], ['uploads', 'users'], ['uploads', 'users', 'u1', 'screenshots']]) {
      expect(await modeOf(...folderPath), folderPath.join('/')).toBe(0o700);
    }
    expect(await modeOf('uploads', 'users', 'u1', 'screenshots', 'a.png')).toBe(0o600);
    expect(await modeOf('users', 'u2', 'profile-image.webp')).toBe(0o600);
    expect((await stat(path.join(root, 'uploads', 'users', 'u1', 'screenshots', 'a.png'))).uid).toBe(owner);
  });

  it('moves files kept before the per-creator layout into it on start-up', async () => {
    const root = await mkdtemp(path.join(folder, 'earlier-'));
    await mkdir(path.join(root, 'screenshots', 'u1'), { recursive: true });
    await mkdir(path.join(root, 'profile-images'), { recursive: true });
    await writeFile(path.join(root, 'screenshots', 'u1', 'shot.png'), 'old screenshot');
    await writeFile(path.join(root, 'profile-images', 'u1.webp'), 'old picture');
    const storage = await createLocalFolderStorage(root);
    expect(await storage.list('users/u1/')).toEqual([
      'users/u1/profile-image.webp',
      'users/u1/screenshots/shot.png',
    ]);
    expect(await text(storage, 'users/u1/screenshots/shot.png')).toBe('old screenshot');
    expect(await readdir(root)).toEqual(['users']);
  });
});

describe('the S3 bucket', () => {
  it('stops the start-up with what to check when the bucket does not exist', async () => {
    await expect(
      createS3BucketStorage({ bucket: 'no-such-bucket', forcePathStyle: true }, s3.client),
    ).rejects.toThrow(
      'The upload bucket no-such-bucket cannot be used (it does not exist). Check S3_BUCKET and the AWS_* variables.',
    );
  });
});

it('checkKey accepts the keys features make', () => {
  expect(checkKey('users/abc_D-9/screenshots/0b1e.png')).toBe('users/abc_D-9/screenshots/0b1e.png');
  expect(checkKey('users/abc/', { isPrefix: true })).toBe('users/abc/');
});
