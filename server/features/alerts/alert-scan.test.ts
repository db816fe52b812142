import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { alertsOf, creatorWithCourses, first, scan, setUpTwoInstances } from './test-support';

setUpTwoInstances();

describe('drops in revenue', () => {
  it('alerts once when a source’s last month falls well under its usual, and can be dismissed', async () => {
    const { request } = await creatorWithCourses([1000, 1050, 980, 1020, 400]);
    await scan();
    const [alert] = await alertsOf(request);
    expect(alert).toMatchObject({
      severity: 'critical',
      platform: 'other',
      title: 'Courses revenue fell 60%',
      description:
        'October 2026 brought £400 from Courses, against £1,010 in a typical recent month. With 5 months of Courses so far, Ballast can’t yet tell whether October dips every year.',
      impactDescription: '£610 less this month; £1,830 over a quarter if it continues.',
    });

    // More data while the drop persists: no second alert for the same cause.
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '10', date: '2026-10-20' },
    });
    expect(await scan()).toBeGreaterThan(0);
    expect(await alertsOf(request)).toHaveLength(1);
    // Nothing changed since: this creator is not scanned again.
    await scan();
    expect(await scan()).toBe(0);

    const other = as(first, await signUpUser(first));
    expect(await alertsOf(other)).toEqual([]);
    expect((await other(`/api/alerts/${alert!.id}/read`, { method: 'POST' })).status).toBe(404);
    expect((await request(`/api/alerts/${alert!.id}/read`, { method: 'POST' })).status).toBe(200);
    expect(await alertsOf(request)).toEqual([]);
  });

  it('judges the month so far against the same days of recent months', async () => {
    const request = as(first, await signUpUser(first));
    // Paid on the 5th and the 12th, June to October; November's payments came in well short.
    const payments: [string, string][] = [];
    for (const month of ['06', '07', '08', '09', '10']) {
      payments.push([`2026-${month}-05`, '480'], [`2026-${month}-12`, month === '08' ? '560' : '510']);
    }
    payments.push(['2026-11-05', '150'], ['2026-11-12', '160'], ['2026-10-28', '900']);
    for (const [date, amount] of payments) {
      await request('/api/revenue', { method: 'POST', json: { source: 'courses', amount, date } });
    }
    await scan();
    expect(await alertsOf(request)).toMatchObject([
      {
        severity: 'critical',
        title: 'Courses revenue is 69% behind its usual pace',
        description:
          'This month so far (to the 23rd) brought £310 from Courses, against £990 by the same day in a typical recent month.',
      },
    ]);
  });

  it('scans a creator’s own new data within minutes on every plan, and synced figures without real-time alerts once a day', async () => {
    const { user, request } = await creatorWithCourses([1000, 1050, 980, 1020, 1010], 'none');
    await scan();
    expect(await alertsOf(request)).toEqual([]);
    // What a scan saw: the count of changes it took in (the clock stands still in these tests).
    const changesSeen = async () =>
      (
        await first.database.pool.query('SELECT scanned_changes FROM alert_scans WHERE user_id = $1', [
          user.id,
        ])
      ).rows[0]!.scanned_changes as string;
    // She enters another October payout the same day: her own data is scanned at the next planner run.
    const firstScan = await changesSeen();
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '5', date: '2026-10-16' },
    });
    await scan();
    expect(await changesSeen()).not.toEqual(firstScan);

    // A synced figure (left from a plan she had) waits for the daily scan.
    const before = await changesSeen();
    await first.database.pool.query(
      `WITH added AS (
         INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at)
         VALUES ($1, 'youtube', 'sync', 'views', 100, now()) RETURNING user_id
       )
       INSERT INTO figure_changes (user_id, is_own) SELECT user_id, false FROM added`,
      [user.id],
    );
    await scan();
    expect(await changesSeen()).toEqual(before);
    // A day later it is.
    await first.database.pool.query(
      "UPDATE alert_scans SET scanned_at = scanned_at - interval '25 hours' WHERE user_id = $1",
      [user.id],
    );
    await scan();
    expect(await changesSeen()).not.toEqual(before);
  });

  it('compares each screenshot’s figures with the screenshots before it', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    for (const [index, value] of [52_000, 49_000, 50_500, 51_000, 21_000].entries()) {
      await first.database.pool.query(
        `WITH added AS (
           INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at)
           VALUES ($1, 'tiktok', 'screenshot', 'views', $2, now() - make_interval(days => $3)) RETURNING user_id
         )
         INSERT INTO figure_changes (user_id, is_own) SELECT user_id, true FROM added`,
        [user.id, value, (5 - index) * 28],
      );
    }
    await scan();
    expect(await alertsOf(request)).toMatchObject([
      { title: 'TikTok views fell 59% over 28 days', severity: 'critical', platform: 'tiktok' },
    ]);
  });

  it('holds a fall the same month showed in earlier years to medium, and says why', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    // October 2024 to October 2026: merchandise sells about £1,000 a month, and every October £650
    // (September 2025 brought £1,010: 650 / 1,010 is 36% below).
    for (let index = 0; index < 25; index++) {
      const month = new Date(Date.UTC(2024, 9 + index, 1)).toISOString().slice(0, 7);
      const amount = month.endsWith('-10') ? '650.00' : String(990 + (index % 3) * 10);
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'merchandise', amount, date: `${month}-12` },
      });
    }
    await scan();
    expect(await alertsOf(request)).toMatchObject([
      {
        severity: 'medium',
        title: 'Merchandise revenue fell 35%',
        description:
          'October 2026 brought £650 from Merchandise, against £1,000 in a typical recent month. October is usually 36% below September for you, so this fall is mostly the season.',
      },
    ]);
  });

  it('stays quiet for an ordinary month', async () => {
    const { request } = await creatorWithCourses([1000, 1050, 980, 1020, 940]);
    await scan();
    expect(await alertsOf(request)).toEqual([]);
  });
});
