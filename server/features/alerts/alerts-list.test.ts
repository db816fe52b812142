import type { AlertPage } from '@common/alerts';
import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { clock, first, scan, setUpTwoInstances } from './test-support';

setUpTwoInstances();

describe('the alerts list', () => {
  it('shows an old unread alert before 60 newer read ones, then the read ones a page at a time', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    const pool = first.database.pool;
    await pool.query(
      `INSERT INTO alerts (user_id, severity, platform, title, description, cause, created_at)
       VALUES ($1, 'high', 'youtube', 'Old and unread', 'Still needs a look.', 'test:old', now() - interval '90 days')`,
      [user.id],
    );
    await pool.query(
      `INSERT INTO alerts (user_id, severity, platform, title, description, cause, created_at, read_at)
       SELECT $1, 'medium', 'other', 'Read ' || n, 'Seen.', 'test:' || n, now() - make_interval(mins => n), now()
       FROM generate_series(1, 60) n`,
      [user.id],
    );
    const pageOf = async (query: string) => {
      const response = await request(`/api/alerts${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as AlertPage;
    };
    const firstPage = await pageOf('?limit=25');
    expect(firstPage.alerts.map((alert) => alert.title).slice(0, 3)).toEqual([
      'Old and unread',
      'Read 1',
      'Read 2',
    ]);
    expect(firstPage.alerts).toHaveLength(25);
    const titles = firstPage.alerts.map((alert) => alert.title);
    let cursor = firstPage.nextCursor;
    while (cursor) {
      const page = await pageOf(`?limit=25&cursor=${encodeURIComponent(cursor)}`);
      titles.push(...page.alerts.map((alert) => alert.title));
      cursor = page.nextCursor;
    }
    expect(titles).toEqual([
      'Old and unread',
      ...Array.from({ length: 60 }, (_, index) => `Read ${index + 1}`),
    ]);
    // The default page (50) holds the old unread one too.
    expect((await pageOf('')).alerts[0]!.title).toBe('Old and unread');

    for (const query of ['?cursor=not-a-cursor', '?limit=0', '?limit=101', '?limit=ten']) {
      const response = await request(`/api/alerts${query}`);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
  });

  it('lists the most severe first, then the one that costs most, across pages', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    await first.database.pool.query(
      `INSERT INTO alerts (user_id, severity, platform, title, description, cause, at_stake_pence, created_at)
       VALUES ($1, 'critical', 'youtube', 'Critical, oldest', 'x', 'test:a', 90000, now() - interval '3 days'),
              ($1, 'high', 'youtube', 'High, £300', 'x', 'test:b', 30000, now()),
              ($1, 'high', 'youtube', 'High, £900', 'x', 'test:c', 90000, now() - interval '2 days'),
              ($1, 'high', 'youtube', 'High, not money', 'x', 'test:d', null, now() - interval '1 minute'),
              ($1, 'medium', 'youtube', 'Medium, £2,000', 'x', 'test:e', 200000, now())`,
      [user.id],
    );
    const titles: string[] = [];
    let cursor = '';
    do {
      const page = (await (await request(`/api/alerts?limit=2${cursor}`)).json()) as AlertPage;
      titles.push(...page.alerts.map((alert) => alert.title));
      cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : '';
    } while (cursor);
    expect(titles).toEqual([
      'Critical, oldest',
      'High, £900',
      'High, £300',
      'High, not money',
      'Medium, £2,000',
    ]);
  });

  it('says when the scan last checked and when it checks next, on every plan', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    const checks = async () => ((await (await request('/api/alerts')).json()) as AlertPage).checks;
    // Measured on the app's clock, which both the scan and the list read.
    const minutesFromNow = (at: string | null) => (new Date(at!).getTime() - clock.getTime()) / 60_000;
    expect(await checks()).toEqual({ lastCheckedAt: null, nextCheckAt: null });

    // No plan: her own entry is checked at the planner's next run, within five minutes.
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '400', date: '2026-10-15' },
    });
    const waiting = await checks();
    expect(waiting.lastCheckedAt).toBeNull();
    expect(minutesFromNow(waiting.nextCheckAt)).toBeGreaterThan(0);
    expect(minutesFromNow(waiting.nextCheckAt)).toBeLessThanOrEqual(5);

    await scan();
    const checked = await checks();
    expect(Math.abs(minutesFromNow(checked.lastCheckedAt))).toBeLessThan(1);
    expect(checked.nextCheckAt).toBeNull();

    // A synced figure on a plan without real-time alerts waits for the daily scan.
    await first.database.pool.query(
      `WITH added AS (
         INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at)
         VALUES ($1, 'youtube', 'sync', 'views', 100, now()) RETURNING user_id
       )
       INSERT INTO figure_changes (user_id, is_own) SELECT user_id, false FROM added`,
      [user.id],
    );
    expect(minutesFromNow((await checks()).nextCheckAt)).toBeGreaterThan(23 * 60);
  });
});
