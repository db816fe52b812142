import path from 'node:path';
import type { Config } from '../../config';
import { createLocalFolderStorage } from './local-folder';
import { createS3BucketStorage } from './s3-bucket';
import type { FileStorage } from './storage';

/** The local default: one process's own folder. */
export const uploadsFolderOf = (config: Config) => path.join(config.dataDir, 'uploads');

/** The bucket when S3_BUCKET is set (nothing is then written under DATA_DIR/uploads), else the folder. */
export function createFileStorage(config: Config): Promise<FileStorage> {
  if (config.S3_BUCKET) {
    return createS3BucketStorage({ bucket: config.S3_BUCKET, forcePathStyle: config.S3_FORCE_PATH_STYLE });
  }
  return createLocalFolderStorage(uploadsFolderOf(config));
}
