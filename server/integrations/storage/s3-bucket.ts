import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type FileStorage } from './storage';

export type S3BucketOptions = {
  bucket: string;
  /** MinIO-style servers answer at `endpoint/bucket/key` rather than `bucket.endpoint/key`. */
  forcePathStyle: boolean;
};

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket, shared by every instance. The endpoint, region and credentials are
 * the SDK's own variables (`AWS_ENDPOINT_URL_S3`, `AWS_REGION`, `AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY`, or a role), read by the SDK itself. The bucket is asked for once here, so a
 * wrong name or credentials stop the start-up instead of the first upload.
 */
export async function createS3BucketStorage(
  { bucket, forcePathStyle }: S3BucketOptions,
  client = new S3Client({ forcePathStyle }),
): Promise<FileStorage & { client: S3Client }> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch (error) {
    const status = (error as S3ServiceException).$metadata?.httpStatusCode;
    const reason =
      status === 404
        ? 'it does not exist'
        : status === 403 || status === 401
          ? 'the credentials may not use it'
          : (error as Error).message;
    throw new Error(
      `The upload bucket ${bucket} cannot be used (${reason}). Check S3_BUCKET and the AWS_* variables.`,
      {
        cause: error,
      },
    );
  }

  async function deleteKeys(keys: string[]) {
    if (keys.length === 0) return;
    const { Errors } = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    if (Errors?.length) {
      throw new Error(
        `${Errors.length} files could not be removed from ${bucket}: ${Errors[0]?.Message ?? ''}`,
      );
    }
  }

  async function* pagesUnder(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
      );
      yield (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    client,
    description: `the bucket ${bucket}`,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
        return {
          body: object.Body as Readable,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
    },
    async deletePrefix(prefix) {
      // Listing pages hold at most 1,000 keys, the most one DeleteObjects takes.
      for await (const keys of pagesUnder(checkKey(prefix, { isPrefix: true }))) await deleteKeys(keys);
    },
    async list(prefix) {
      const keys: string[] = [];
      for await (const page of pagesUnder(checkKey(prefix, { isPrefix: true }))) keys.push(...page);
      return keys.sort();
    },
  };
}
