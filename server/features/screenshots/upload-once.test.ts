import type { Screenshot } from '@common/screenshots';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Upload = { screenshots: Screenshot[]; alreadyUploaded: Screenshot[] };

function upload(request: ReturnType<typeof as>, files: { name: string; data: Buffer }[]) {
  const form = new FormData();
  form.set('platform', 'instagram');
  form.set('uploadType', 'screenshots');
  for (const file of files)
    form.append('files', new Blob([new Uint8Array(file.data)], { type: 'image/png' }), file.name);
  return request('/api/upload/screenshots', { method: 'POST', body: form });
}

/** A plain image of its own colour: a different file for each colour. */
const plainPng = (background: string) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background } })
    .png()
    .toBuffer();

const list = async (request: ReturnType<typeof as>) =>
  (await (await request('/api/screenshots')).json()) as Screenshot[];

describe('a file sent again', () => {
  it('keeps a file sent twice once, says so, and reads it once, however the sends race', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    const first = await plainPng('#fff');
    const second = await plainPng('#000');
    const sent = await upload(request, [{ name: 'week-1.png', data: first }]);
    expect(sent.status).toBe(201);
    const [kept] = ((await sent.json()) as { screenshots: Screenshot[] }).screenshots;

    // Again, under another name, beside a new file given twice in the same batch.
    const again = await upload(request, [
      { name: 'week-1 copy.png', data: first },
      { name: 'week-2.png', data: second },
      { name: 'week-2 (1).png', data: second },
    ]);
    expect(again.status).toBe(201);
    const body = (await again.json()) as Upload;
    expect(body.screenshots.map((each) => each.fileName)).toEqual(['week-2.png']);
    expect(body.alreadyUploaded.map((each) => [each.id, each.fileName])).toEqual([[kept!.id, 'week-1.png']]);

    // Only files sent before: nothing is added, and the answer is not "created".
    const onlyRepeats = await upload(request, [{ name: 'week-2.png', data: second }]);
    expect(onlyRepeats.status).toBe(200);
    expect(await onlyRepeats.json()).toMatchObject({
      screenshots: [],
      alreadyUploaded: [{ fileName: 'week-2.png' }],
    });

    // Two sends of one new file at once keep one screenshot, and one stored image.
    const third = await plainPng('#f00');
    const raced = await Promise.all([1, 2].map(() => upload(request, [{ name: 'raced.png', data: third }])));
    const answers = (await Promise.all(raced.map((each) => each.json()))) as Upload[];
    expect(answers.flatMap((answer) => answer.screenshots)).toHaveLength(1);
    const screenshots = await list(request);
    expect(screenshots.map((each) => each.fileName).sort()).toEqual([
      'raced.png',
      'week-1.png',
      'week-2.png',
    ]);
    expect(await t.storage.list(`users/${user.id}/screenshots/`)).toHaveLength(3);

    // Another creator's copy of the same file is hers.
    const other = await upload(as(t, await signUpUser(t)), [{ name: 'week-1.png', data: first }]);
    expect(other.status).toBe(201);
  });
});
