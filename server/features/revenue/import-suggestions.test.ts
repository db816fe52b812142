import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

/** A name the tracker cannot place is suggested a source on the platforms the creator told us they use. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => new Date('2025-12-10T12:00:00Z') } });
});

afterAll(async () => {
  await t?.close();
});

type Name = { name: string; source: string | null; suggestion: string | null };

async function creatorOn(platforms: string[]) {
  const request = as(t, await signUpUser(t));
  const answered = await request('/api/user/onboarding', {
    method: 'POST',
    json: { platforms, primaryPlatform: platforms[0] ?? null },
  });
  expect(answered.status).toBe(200);
  return request;
}

// Priya's own sheet: a line per sponsorship, each named after the brand.
const sheet = [
  'Date,Source,Amount',
  '03/11/2025,Sponsor – Squarespace,£750',
  '14/10/2025,Sponsor – NordVPN,£900',
  '20/10/2025,Ad revenue,£1200',
].join('\n');

async function suggestions(request: Awaited<ReturnType<typeof creatorOn>>) {
  const response = await request('/api/revenue/import', {
    method: 'POST',
    json: { csv: sheet, dryRun: true },
  });
  expect(response.status).toBe(200);
  const { names } = (await response.json()) as { names: Name[] };
  return names.map((name) => [name.name, name.suggestion]);
}

describe('suggestions on the creator’s platforms', () => {
  it('suggests YouTube Sponsors, not brand deals on several platforms, to a YouTube-only creator', async () => {
    expect(await suggestions(await creatorOn(['youtube']))).toEqual([
      ['Sponsor – Squarespace', 'youtube_sponsors'],
      ['Sponsor – NordVPN', 'youtube_sponsors'],
      ['Ad revenue', 'youtube_ads'],
    ]);
  });

  it('suggests brand deals on several platforms to a creator on several, and no YouTube source off YouTube', async () => {
    expect(await suggestions(await creatorOn(['instagram', 'tiktok']))).toEqual([
      ['Sponsor – Squarespace', 'brand_deals'],
      ['Sponsor – NordVPN', 'brand_deals'],
      ['Ad revenue', null],
    ]);
  });
});
