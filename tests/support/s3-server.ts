import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { waitUntil } from './wait';

/** s3rver checks request signatures against this one key pair. */
const ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export type TestS3Server = {
  /** http://127.0.0.1:<port>, for AWS_ENDPOINT_URL_S3. */
  url: string;
  bucket: string;
  /** What a server process needs to keep its uploads in the bucket. */
  env: Record<string, string>;
  /** An SDK client for this server, as `createFileStorage` makes one from `env`. */
  client: S3Client;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
};

const S3RVER_CLI = path.join(
  path.dirname(createRequire(import.meta.url).resolve('s3rver/package.json')),
  'bin/s3rver.js',
);

/**
 * A real S3-compatible server (s3rver: the S3 REST API over HTTP, objects on disk) in a process of its
 * own on a free port, with one empty bucket; path-style addressing, as MinIO-style servers want.
 * s3rver makes its listing continuation tokens with DES, which Node 20's OpenSSL keeps in its legacy
 * provider: without it, any listing longer than one page answers 500.
 */
export async function startTestS3Server(bucket = 'ballast-uploads'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'ballast-s3-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      S3RVER_CLI,
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      '-p',
      '0',
      '-s',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = once(child, 'exit');
  let port = 0;
  await waitUntil(
    () => {
      if (child.exitCode !== null) throw new Error(`s3rver exited during start-up:\n${output}`);
      port = Number(/listening on [\d.]+:(\d+)/.exec(output)?.[1] ?? 0);
      return port > 0;
    },
    30_000,
    's3rver to listen',
  );
  const url = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint: url,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  });
  return {
    url,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_S3: url,
      AWS_REGION: REGION,
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    client,
    async keys(prefix = '') {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
        );
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async close() {
      client.destroy();
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
