import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Screenshot } from '@common/screenshots';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScreenImage, loadScreens } from '../support/analytics-screens';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestS3Server, type TestS3Server } from '../support/s3-server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { requestsTo } from '../support/server-requests';
import { as, signUpUser, type TestUser } from '../support/users';
import { waitUntil } from '../support/wait';

/**
 * Issue 26: two app processes, each with a DATA_DIR of its own as on two machines, one PostgreSQL and
 * one S3-compatible server. Whichever instance takes an upload, a screenshot analysis job or a deletion,
 * the files are the bucket's: nothing is written under either DATA_DIR's uploads.
 */
const SCREEN = 'youtube/studio-app#1';
const SCREENSHOTS = 6;

let database: TestDatabase;
let s3: TestS3Server;
let root: string;
const dataDirs: string[] = [];
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startTestS3Server();
  root = await mkdtemp(path.join(tmpdir(), 'ballast-shared-uploads-'));
  for (const name of ['first', 'second']) dataDirs.push(await mkdtemp(path.join(root, `${name}-`)));
  servers = await Promise.all(
    dataDirs.map((dataDir) =>
      startServerProcess({
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'shared-uploads-secret-shared-uploads-secret',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
        ...s3.env,
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  const codes = await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  await s3?.close();
  await database?.drop();
  await rm(root, { recursive: true, force: true });
  expect(codes).toEqual(servers.map(() => 0));
});

type Caller = ReturnType<typeof as>;
const instances = () => servers.map((server) => requestsTo(server.baseUrl));
const callers = (user: TestUser) => instances().map((instance) => as(instance, user)) as [Caller, Caller];
const listOn = async (request: Caller) => (await (await request('/api/screenshots')).json()) as Screenshot[];

async function upload(request: Caller, data: Buffer) {
  const form = new FormData();
  form.set('platform', 'youtube');
  form.set('uploadType', 'screenshots');
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'studio.png');
  const response = await request('/api/upload/screenshots', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
}

async function setPicture(request: Caller, colour: string) {
  const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'me.png');
  const response = await request('/api/account/profile-image', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(200);
}

const deleteAccount = (request: Caller, user: TestUser) =>
  request('/api/account', { method: 'DELETE', json: { confirmEmail: user.email } });

const uploadsFolders = () => dataDirs.map((dataDir) => path.join(dataDir, 'uploads'));

describe('uploads shared by two instances through one bucket', () => {
  let maya: TestUser;

  it('analyses every screenshot, whichever instance took the upload or the job, and serves it from both', async () => {
    maya = await signUpUser(instances()[0]!);
    const [first, second] = callers(maya);
    const { figures } = (await loadScreens()).find((screen) => screen.id === SCREEN)!;
    const image = await loadScreenImage(SCREEN);
    // Alternating, as a round-robin load balancer would. Each is a file of its own, as each screenshot a
    // phone saves is (one file sent twice is kept once): the same pixels, saved at another density.
    for (let index = 0; index < SCREENSHOTS; index++)
      await upload(
        index % 2 === 0 ? first : second,
        await sharp(image)
          .withMetadata({ density: 72 + index })
          .png()
          .toBuffer(),
      );

    await waitUntil(
      async () => (await listOn(first)).every((screenshot) => screenshot.status !== 'pending'),
      300_000,
      'every screenshot to be analysed',
    );
    const screenshots = await listOn(second);
    expect(screenshots).toHaveLength(SCREENSHOTS);
    const expected = Object.fromEntries(figures.map((figure) => [figure.key, figure.value]));
    for (const screenshot of screenshots) {
      expect(screenshot.status, screenshot.id).toBe('analysed');
      expect(Object.fromEntries(screenshot.metrics.map((metric) => [metric.key, metric.value]))).toEqual(
        expected,
      );
    }

    for (const screenshot of screenshots) {
      const served = await Promise.all(
        [first, second].map(async (request) => {
          const response = await request(`/api/screenshots/${screenshot.id}/image`);
          return {
            status: response.status,
            type: response.headers.get('content-type'),
            bytes: Buffer.from(await response.arrayBuffer()),
          };
        }),
      );
      expect(served.map(({ status, type }) => [status, type])).toEqual([
        [200, 'image/png'],
        [200, 'image/png'],
      ]);
      expect(served[0]!.bytes.equals(served[1]!.bytes)).toBe(true);
      expect((await sharp(served[0]!.bytes).metadata()).format).toBe('png');
    }
    expect(await s3.keys(`users/${maya.id}/screenshots/`)).toHaveLength(SCREENSHOTS);
  }, 400_000);

  it('serves a profile picture set through one instance from the other, and exports it there', async () => {
    const [first, second] = callers(maya);
    await setPicture(second, '#ff8800');
    const served = await first('/api/account/profile-image');
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(256);

    const exported = (await (await first('/api/account/export')).json()) as {
      profileImage: { mimeType: string; base64: string } | null;
    };
    expect(exported.profileImage?.mimeType).toBe('image/webp');

    // Removed through the first instance: the second answers 404 at once, with nothing cached on disk.
    expect((await first('/api/account/profile-image', { method: 'DELETE' })).status).toBeLessThan(300);
    expect((await second('/api/account/profile-image')).status).toBe(404);
    await setPicture(first, '#0055aa');
    expect((await second('/api/account/profile-image')).status).toBe(200);
  });

  it('empties the bucket of a creator’s objects when the account is deleted through either instance', async () => {
    const [, second] = callers(maya);
    const noor = await signUpUser(instances()[1]!);
    const [noorFirst] = callers(noor);
    await upload(
      noorFirst,
      await sharp({ create: { width: 40, height: 40, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await setPicture(noorFirst, '#22aa22');
    expect(await s3.keys(`users/${maya.id}/`)).toHaveLength(SCREENSHOTS + 1);
    expect(await s3.keys(`users/${noor.id}/`)).toHaveLength(2);

    // Maya's files went in through both instances; her account goes through the second.
    expect((await deleteAccount(second, maya)).status).toBe(200);
    expect(await s3.keys(`users/${maya.id}/`)).toEqual([]);
    expect(await s3.keys(`users/${noor.id}/`)).toHaveLength(2);

    expect((await deleteAccount(noorFirst, noor)).status).toBe(200);
    expect(await s3.keys()).toEqual([]);
  });

  it('wrote nothing under either DATA_DIR’s uploads', () => {
    for (const folder of uploadsFolders()) expect(existsSync(folder), folder).toBe(false);
  });
});
