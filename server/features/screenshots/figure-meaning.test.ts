import { figureName, type Screenshot } from '@common/screenshots';
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

async function storedFigures(screenshotId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT metric, period, period_days AS "periodDays", kind, scope FROM platform_metrics
     WHERE screenshot_id = $1 ORDER BY metric, kind`,
    [screenshotId],
  );
  return rows;
}

describe('figures that know what they measure', () => {
  it('keep the period the screen states, and a change as a change', async () => {
    const request = as(t, await signUpUser(t));
    // The YouTube Studio app's "Last 28 days", with subscribers shown as "+311" gained in them.
    const screen = await readScreenOf(request, 'youtube/studio-app-2025#1');
    expect(screen).toMatchObject({
      period: 'last_28_days',
      isPeriodGiven: false,
      readPeriod: 'last_28_days',
    });
    const meaning = Object.fromEntries(screen.metrics.map(({ key, kind, scope }) => [key, { kind, scope }]));
    expect(meaning).toEqual({
      views: { kind: 'total', scope: 'account' },
      watch_time_hours: { kind: 'total', scope: 'account' },
      subscribers: { kind: 'change', scope: 'account' },
      revenue: { kind: 'total', scope: 'account' },
    });
    await request(`/api/screenshots/${screen.id}/metrics/subscribers/confirm`, { method: 'POST' });
    expect(await storedFigures(screen.id)).toEqual([
      { metric: 'revenue', period: 'last_28_days', periodDays: 28, kind: 'total', scope: 'account' },
      { metric: 'subscribers', period: 'last_28_days', periodDays: 28, kind: 'change', scope: 'account' },
    ]);

    // The creator says otherwise: the figures are counted as that period's.
    const given = await request(`/api/screenshots/${screen.id}/period`, {
      method: 'PUT',
      json: { period: 'calendar_year:2025' },
    });
    expect(given.status).toBe(200);
    // What the screen stated stays on record, so it can be chosen again.
    expect(await given.json()).toMatchObject({
      period: 'calendar_year:2025',
      isPeriodGiven: true,
      readPeriod: 'last_28_days',
    });
    expect((await storedFigures(screen.id)).map((row) => [row.period, row.periodDays])).toEqual([
      ['calendar_year:2025', 365],
      ['calendar_year:2025', 365],
    ]);

    for (const period of ['last_week', 'custom_range:2025-11-30/2025-11-01', 'calendar_year:25', 7]) {
      const refused = await request(`/api/screenshots/${screen.id}/period`, {
        method: 'PUT',
        json: { period },
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toContain(
        'Choose the period the screen covers',
      );
    }
    const other = as(t, await signUpUser(t));
    const notTheirs = await other(`/api/screenshots/${screen.id}/period`, {
      method: 'PUT',
      json: { period: 'last_7_days' },
    });
    expect(notTheirs.status).toBe(404);
    expect((await listScreenshots(request))[0]!.period).toBe('calendar_year:2025');
  }, 120_000);

  it('keeps a post’s own figures for the post, never as the account’s', async () => {
    const request = as(t, await signUpUser(t));
    // TikTok's analytics of one video: its views and likes are the video's, not the account's.
    const screen = await readScreenOf(request, 'tiktok/post-analytics#1');
    expect(screen.status).toBe('analysed');
    expect(screen.metrics.length).toBeGreaterThan(0);
    expect(screen.metrics.every((metric) => metric.scope === 'post')).toBe(true);
    for (const metric of screen.metrics.filter((each) => each.needsCheck))
      await request(`/api/screenshots/${screen.id}/metrics/${metric.key}/confirm`, { method: 'POST' });
    expect(await storedFigures(screen.id)).toEqual([]);
    // Typed or corrected, a figure on a post's screen stays the post's.
    const typed = await request(`/api/screenshots/${screen.id}/metrics`, {
      method: 'PUT',
      json: { figures: { followers: '4,021' } },
    });
    expect(typed.status).toBe(200);
    expect(await storedFigures(screen.id)).toEqual([]);
  }, 120_000);

  it('keeps the Studio overview’s subscribers change and its Realtime card as what they are, never as totals', async () => {
    const request = as(t, await signUpUser(t));
    // The 28 days' "+4.1K" on the Subscribers card, the live "58,309 Subscribers" and "22,714 Views ·
    // Last 48 hours" in the Realtime card beside it.
    const screen = await readScreenOf(request, 'youtube/studio-overview-live-2026#1');
    expect(screen.layout).toEqual({ id: 'youtube/studio.en', name: 'YouTube Studio, in English' });
    for (const metric of screen.metrics.filter((each) => each.needsCheck))
      await request(`/api/screenshots/${screen.id}/metrics/${figureName(metric)}/confirm`, {
        method: 'POST',
      });
    const read = Object.fromEntries(
      (await listScreenshots(request))[0]!.metrics.map((metric) => [figureName(metric), metric.value]),
    );
    expect(read).toEqual({
      views: 612_500,
      watch_time_hours: 31_900,
      'subscribers.change': 4100,
      revenue: 1876.42,
      'subscribers.realtime': 58_309,
      'views.realtime': 22_714,
    });
    const stored = await storedFigures(screen.id);
    expect(stored.filter((row) => row.kind === 'total').map((row) => row.metric)).toEqual([
      'revenue',
      'views',
      'watch_time_hours',
    ]);
    expect(stored.filter((row) => row.metric === 'subscribers')).toEqual([
      { metric: 'subscribers', period: 'last_28_days', periodDays: 28, kind: 'change', scope: 'account' },
      { metric: 'subscribers', period: 'unknown', periodDays: null, kind: 'realtime', scope: 'account' },
    ]);

    // Each is corrected by its own name; the metric's bare name finds none of two.
    const corrected = await request(`/api/screenshots/${screen.id}/metrics/subscribers.change`, {
      method: 'PATCH',
      json: { value: '+4,120' },
    });
    expect(corrected.status).toBe(200);
    const after = ((await corrected.json()) as Screenshot).metrics.filter(
      (metric) => metric.key === 'subscribers',
    );
    expect(after.map((metric) => [metric.kind, metric.value])).toEqual([
      ['change', 4120],
      ['realtime', 58_309],
    ]);
    const ambiguous = await request(`/api/screenshots/${screen.id}/metrics/subscribers`, {
      method: 'PATCH',
      json: { value: '58,310' },
    });
    expect(ambiguous.status).toBe(404);
    expect(((await ambiguous.json()) as { message: string }).message).toBe(
      'The figure "subscribers" on that screenshot was not found.',
    );
  }, 120_000);

  it('says when no layout knew the screen and the general reader read it', async () => {
    const request = as(t, await signUpUser(t));
    // A snip of one card: its caption and figure, and nothing that says which screen it was.
    const screen = await readScreenOf(request, 'youtube/studio-overview-live-2026#1', {
      left: 862,
      top: 258,
      width: 190,
      height: 120,
    });
    expect(screen).toMatchObject({ status: 'analysed', layout: null });
    expect(screen.metrics.map((metric) => [metric.key, metric.kind, metric.value])).toEqual([
      ['revenue', 'total', 1876.42],
    ]);
    // Its place on the screen is the general reader's guess: it waits for the creator's check.
    expect(screen.metrics[0]).toMatchObject({ needsCheck: true, doubt: 'unplaced' });
    expect(await storedFigures(screen.id)).toEqual([]);
    await request(`/api/screenshots/${screen.id}/metrics/revenue/confirm`, { method: 'POST' });
    expect((await storedFigures(screen.id)).map((row) => row.metric)).toEqual(['revenue']);
  }, 120_000);
});
