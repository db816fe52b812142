import type { Screenshot } from '@common/screenshots';
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

async function countedFigures(screenshotId: string): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query<{ metric: string; value: number }>(
    'SELECT metric, value FROM platform_metrics WHERE screenshot_id = $1 ORDER BY metric',
    [screenshotId],
  );
  return Object.fromEntries(rows.map((row) => [row.metric, row.value]));
}

const byKey = (screenshot: Screenshot) =>
  Object.fromEntries(screenshot.metrics.map(({ key, value, needsCheck }) => [key, { value, needsCheck }]));

describe('figures read with little confidence', () => {
  it('are shown for checking and count only once confirmed or corrected', async () => {
    const request = as(t, await signUpUser(t));
    // The YouTube Studio app, 2025: watch time "2.4K" is misread as "24K", and read with little
    // confidence; views are right but doubtful too; subscribers and revenue are read surely.
    const screen = await readScreenOf(request, 'youtube/studio-app-2025#1');
    expect(screen.status).toBe('analysed');
    expect(byKey(screen)).toMatchObject({
      watch_time_hours: { needsCheck: true },
      views: { needsCheck: true },
      subscribers: { needsCheck: false },
      revenue: { needsCheck: false },
    });
    expect(Object.keys(await countedFigures(screen.id)).sort()).toEqual(['revenue', 'subscribers']);

    // Another's screen is 404, and its figure stays to be checked.
    const other = as(t, await signUpUser(t));
    expect(
      (await other(`/api/screenshots/${screen.id}/metrics/views/confirm`, { method: 'POST' })).status,
    ).toBe(404);
    expect(byKey((await listScreenshots(request))[0]!).views!.needsCheck).toBe(true);

    const confirmed = await request(`/api/screenshots/${screen.id}/metrics/views/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(200);
    expect(byKey((await confirmed.json()) as Screenshot).views).toEqual({
      value: byKey(screen).views!.value,
      needsCheck: false,
    });
    const corrected = await request(`/api/screenshots/${screen.id}/metrics/watch_time_hours`, {
      method: 'PATCH',
      json: { value: '2.4K' },
    });
    expect(corrected.status).toBe(200);
    expect(byKey((await corrected.json()) as Screenshot).watch_time_hours).toEqual({
      value: 2400,
      needsCheck: false,
    });
    expect(await countedFigures(screen.id)).toEqual({
      revenue: byKey(screen).revenue!.value,
      subscribers: byKey(screen).subscribers!.value,
      views: byKey(screen).views!.value,
      watch_time_hours: 2400,
    });

    // Confirming again changes nothing; a figure the screen does not have is 404.
    const again = await request(`/api/screenshots/${screen.id}/metrics/views/confirm`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(
      (await request(`/api/screenshots/${screen.id}/metrics/likes/confirm`, { method: 'POST' })).status,
    ).toBe(404);
  }, 90_000);

  it('leave the health check without the platform until one is checked', async () => {
    const request = as(t, await signUpUser(t));
    const resilience = async () =>
      (
        (await (await request('/api/health-check', { method: 'POST' })).json()) as {
          engagementResilienceScore: number;
        }
      ).engagementResilienceScore;
    // The watch time row of Studio's dashboard in the "3,2 K" format, snipped on its own: read with
    // little confidence.
    const screen = await readScreenOf(request, 'youtube/studio-dashboard#3', {
      left: 700,
      top: 335,
      width: 460,
      height: 35,
    });
    expect(screen.metrics.map((metric) => [metric.key, metric.needsCheck])).toEqual([
      ['watch_time_hours', true],
    ]);
    expect(await countedFigures(screen.id)).toEqual({});
    const without = await resilience();

    const corrected = await request(`/api/screenshots/${screen.id}/metrics/watch_time_hours`, {
      method: 'PATCH',
      json: { value: '3,2 K' },
    });
    expect(corrected.status).toBe(200);
    expect(await countedFigures(screen.id)).toEqual({ watch_time_hours: 3200 });
    expect(without).toBe(0);
    expect(await resilience()).toBe(10);
  }, 90_000);
});
