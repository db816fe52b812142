import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';
import { listScreenshots, readScreenOf } from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ screenshotAnalysis: true });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a screen read without figures', () => {
  it('is "No figures found on this screen" with the lines seen, and takes typed figures', async () => {
    const request = as(t, await signUpUser(t));
    // TikTok's LIVE summary: plenty of text, none of it a figure of the account's.
    const screen = await readScreenOf(request, 'tiktok/live#1');
    expect(screen).toMatchObject({
      status: 'no_figures',
      error: 'No figures found on this screen',
      metrics: [],
    });
    expect(screen.seenLines.length).toBeGreaterThan(2);
    expect(screen.seenLines.length).toBeLessThanOrEqual(12);
    expect(screen.seenLines.join('\n')).toMatch(/LIVE/);
    for (const line of screen.seenLines) expect(line.length).toBeLessThanOrEqual(80);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM platform_metrics WHERE screenshot_id = $1',
      [screen.id],
    );
    expect(rows[0].n).toBe(0);

    // The same form as a screen not read at all: the figures typed make it a read screen.
    const refused = await request(`/api/screenshots/${screen.id}/metrics`, {
      method: 'PUT',
      json: { figures: { views: 'many' } },
    });
    expect(refused.status).toBe(400);
    const typed = await request(`/api/screenshots/${screen.id}/metrics`, {
      method: 'PUT',
      json: { figures: { views: '12.4K' } },
    });
    expect(typed.status).toBe(200);
    expect((await listScreenshots(request))[0]).toMatchObject({
      status: 'analysed',
      error: null,
      metrics: [{ key: 'views', value: 12_400, isCorrected: true }],
    });
  }, 90_000);
});
