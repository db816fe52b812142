import type { Screenshot } from '@common/screenshots';
import { expect } from 'vitest';
import { loadScreenImage } from '../../../tests/support/analytics-screens';
import type { as } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';

type Request = ReturnType<typeof as>;

/** The creator's screenshots, newest first, as the screen lists them. */
export const listScreenshots = async (request: Request) =>
  (await (await request('/api/screenshots')).json()) as Screenshot[];

/** Uploads a screen of the accuracy set (development half) and waits for its reading. */
export async function readScreenOf(request: Request, screenId: string): Promise<Screenshot> {
  const form = new FormData();
  form.set('platform', screenId.split('/')[0]!);
  form.set('uploadType', 'screenshots');
  const data = await loadScreenImage(screenId);
  form.append('files', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'screen.png');
  expect((await request('/api/upload/screenshots', { method: 'POST', body: form })).status).toBe(201);
  await waitUntil(
    async () => (await listScreenshots(request))[0]?.status !== 'pending',
    60_000,
    'the analysis',
  );
  return (await listScreenshots(request))[0]!;
}
