import type { AlertPage } from '@common/alerts';
import type { Screenshot } from '@common/screenshots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { runningClockAt } from '../../../tests/support/clock';
import { as, signUpUser } from '../../../tests/support/users';
import { readScreenOf } from '../screenshots/test-support';
import { scanChangedCreators } from './scan';

// YouTube Studio's 28-day overview on a phone, drawn as the app draws it (the accuracy set's
// studio-app-2025 layout): on 27 October, views 52.0K; on 24 November, 33.8K, once with "Fewer than
// previous" under it and once with "35% less than previous".
const clock = runningClockAt('2026-10-27T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ screenshotAnalysis: true, deps: { now: clock } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

type Request = ReturnType<typeof as>;
const scan = () => scanChangedCreators({ db: t.database.db, jobs: t.jobs }, clock);
const alertsOf = async (request: Request) =>
  ((await (await request('/api/alerts')).json()) as AlertPage).alerts;
const views = (screenshot: Screenshot) => screenshot.metrics.find((metric) => metric.key === 'views')!;

describe('falls in uploaded screenshots', () => {
  it('a second 28-day overview a month after the first raises one fall, with its period', async () => {
    clock.set('2026-10-27T09:00:00Z');
    const request = as(t, await signUpUser(t));
    const earlier = await readScreenOf(request, 'youtube/studio-app-2025#15');
    expect(earlier.period).toBe('last_28_days');
    expect(views(earlier)).toMatchObject({ value: 52_000, statedChange: 3, needsCheck: false });
    await scan();
    expect(await alertsOf(request)).toEqual([]);

    clock.set('2026-11-24T08:10:00Z');
    const later = await readScreenOf(request, 'youtube/studio-app-2025#16');
    expect(views(later)).toMatchObject({ value: 33_800, statedChange: null });
    await scan();
    const [alert, ...more] = await alertsOf(request);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      platform: 'youtube',
      severity: 'high',
      title: 'YouTube views fell 35% over 28 days',
      description: expect.stringContaining(
        '33,800 views in the 28 days to 24 November 2026, against 52,000 views in your screenshot of the 28 days before',
      ),
    });
  }, 120_000);

  it('a first screenshot that states "35% less than previous" raises the fall once the creator confirms it', async () => {
    clock.set('2026-11-24T08:10:00Z');
    const request = as(t, await signUpUser(t));
    const screenshot = await readScreenOf(request, 'youtube/studio-app-2025#17');
    // A stated fall deep enough to alert on its own is shown for checking before it counts.
    expect(views(screenshot)).toMatchObject({ value: 33_800, statedChange: -35, needsCheck: true });
    await scan();
    expect(await alertsOf(request)).toEqual([]);

    const confirmed = await request(`/api/screenshots/${screenshot.id}/metrics/views/confirm`, {
      method: 'POST',
    });
    expect(confirmed.status).toBe(200);
    await scan();
    const [alert, ...more] = await alertsOf(request);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: 'YouTube views fell 35% over 28 days',
      description: expect.stringContaining(
        '33,800 views in the 28 days to 24 November 2026, against 52,000 views in the 28 days before, as the screen states (↓ 35%)',
      ),
    });
  }, 120_000);
});
