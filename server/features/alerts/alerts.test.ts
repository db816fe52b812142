import type { AlertPage } from '@common/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signInWithEmailLink, signUpUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';
import { scanChangedCreators } from './scan';

const clock = new Date('2026-11-23T12:00:00Z');
let database: TestDatabase;
let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two instances on one database, as behind a load balancer.
  const shared = { ...database, drop: async () => {} };
  // Instances behind one load balancer share the session secret.
  const env = {
    TRUST_PROXY: 'true',
    SESSION_SECRET: 'alerts-test-secret-alerts-test-secret-1234',
    ADMIN_EMAILS: 'ops@ballast.test',
  };
  first = await startTestApp({
    testDatabase: shared,
    env,
    deps: { now: () => clock },
  });
  second = await startTestApp({
    testDatabase: shared,
    env,
    deps: { now: () => clock },
  });
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.drop();
});

type Request = ReturnType<typeof as>;
/** The creator's unread alerts (the list puts them first, then the ones already read). */
const alertsOf = async (request: Request) =>
  ((await (await request('/api/alerts')).json()) as AlertPage).alerts.filter((alert) => !alert.readAt);
const scan = () => scanChangedCreators({ db: first.database.db, jobs: first.jobs }, () => clock);

async function creatorWithCourses(monthly: number[], plan: 'guardian' | 'none' = 'guardian') {
  const user = await signUpUser(first);
  await givePaidPlan(first, user.id, plan);
  const request = as(first, user);
  // June to October, one payout a month; November is still under way.
  for (const [index, amount] of monthly.entries()) {
    const date = `2026-${String(6 + index).padStart(2, '0')}-15`;
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: String(amount), date },
    });
  }
  return { user, request };
}

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

  it('scans a creator without real-time alerts at most once a day', async () => {
    const { user, request } = await creatorWithCourses([1000, 1050, 980, 1020, 1010], 'none');
    await scan();
    expect(await alertsOf(request)).toEqual([]);
    // Another October payout is entered the same day: the daily scan does not look again yet.
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '5', date: '2026-10-16' },
    });
    const scannedAgain = async () =>
      (await first.database.pool.query('SELECT scanned_at FROM alert_scans WHERE user_id = $1', [user.id]))
        .rows[0]!.scanned_at as Date;
    const before = await scannedAgain();
    await scan();
    expect(await scannedAgain()).toEqual(before);
    // A day later it does.
    await first.database.pool.query(
      "UPDATE alert_scans SET scanned_at = scanned_at - interval '25 hours' WHERE user_id = $1",
      [user.id],
    );
    await scan();
    expect(await scannedAgain()).not.toEqual(before);
  });

  it('compares each screenshot’s figures with the screenshots before it', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    for (const [index, value] of [52_000, 49_000, 50_500, 51_000, 21_000].entries()) {
      await first.database.pool.query(
        `INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at)
         VALUES ($1, 'tiktok', 'screenshot', 'views', $2, now() - make_interval(days => $3))`,
        [user.id, value, (5 - index) * 28],
      );
    }
    await scan();
    expect(await alertsOf(request)).toMatchObject([
      { title: 'TikTok views dropped 59%', severity: 'critical', platform: 'tiktok' },
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

describe('health-check bands and the live stream', () => {
  it('raises a critical-dependency alert as the check runs, and streams it to a dashboard on another instance', async () => {
    const user = await signUpUser(first);
    await givePaidPlan(first, user.id, 'guardian');
    const onFirst = as(first, user);
    await onFirst('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: '2026-11-20' },
    });

    // The dashboard is open on the second instance before anything happens.
    const stream = await fetch(`${second.baseUrl}/api/alerts/stream`, { headers: { cookie: user.cookie } });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    let received = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();

    expect((await onFirst('/api/health-check', { method: 'POST' })).status).toBe(200);
    const alert = (await alertsOf(onFirst)).find((item) => item.title.startsWith('Algorithm dependency'));
    expect(alert).toMatchObject({
      title: 'Algorithm dependency is critical (100%)',
      severity: 'high',
      platform: 'youtube',
    });

    await waitUntil(() => received.includes(alert!.id), 10_000, 'the alert on the stream');
    expect(received).toContain('event: alert');
    await reader.cancel();
    await reading.catch(() => {});
  });

  it('emails critical and high alerts to Guardian and Mastermind subscribers only', async () => {
    const outboxTo = async (email: string) =>
      (
        await first.database.pool.query(
          "SELECT payload FROM outbox_messages WHERE payload->>'template' = 'alert' AND payload->>'to' = $1",
          [email],
        )
      ).rows.map((row) => row.payload as { title: string; severity: string });
    for (const plan of ['guardian', 'none']) {
      const user = await signUpUser(first);
      await first.database.pool.query('UPDATE users SET plan = $1 WHERE id = $2', [plan, user.id]);
      const request = as(first, user);
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'tiktok_creator_fund', amount: '500', date: '2026-11-20' },
      });
      await request('/api/health-check', { method: 'POST' });
      const sent = await outboxTo(user.email);
      if (plan === 'guardian') {
        // The high dependency alert is emailed; the medium platform-risk one is not.
        expect(sent).toEqual([
          expect.objectContaining({ title: 'Algorithm dependency is critical (100%)', severity: 'high' }),
        ]);
      } else {
        expect(sent).toEqual([]);
      }
    }
  });

  it('answers 402 naming The Guardian to plans without real-time alerts, and opens for it', async () => {
    for (const plan of ['none', 'blueprint', 'guardian', 'mastermind'] as const) {
      const user = await signUpUser(first);
      await givePaidPlan(first, user.id, plan);
      const controller = new AbortController();
      const stream = await fetch(`${first.baseUrl}/api/alerts/stream`, {
        headers: { cookie: user.cookie },
        signal: controller.signal,
      });
      if (plan === 'none' || plan === 'blueprint') {
        expect(stream.status, plan).toBe(402);
        expect(await stream.json()).toEqual({
          error: 'PLAN_REQUIRED',
          message:
            'Real-time alerts: available with The Guardian (£29 per month). Choose it at /subscribe?plan=guardian.',
        });
      } else {
        expect(stream.status, plan).toBe(200);
        controller.abort();
      }
    }
  });

  it('never opens a second alert for a cause whose alert is still open', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: '2026-11-20' },
    });
    const dependencyAlerts = async () =>
      (await alertsOf(request)).filter((alert) => alert.title.startsWith('Algorithm dependency'));
    await request('/api/health-check', { method: 'POST' });
    expect(await dependencyAlerts()).toHaveLength(1);

    // Course income brings dependency out of its critical band (the cause clears)…
    const courses = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '4000', date: '2026-11-18' },
    });
    await request('/api/health-check', { method: 'POST' });
    // …and back into it: the first alert is still open, so no second one joins it.
    const { id } = (await courses.json()) as { id: string };
    await request(`/api/revenue/${id}`, { method: 'DELETE' });
    await request('/api/health-check', { method: 'POST' });
    await request('/api/health-check', { method: 'POST' });
    expect(await dependencyAlerts()).toHaveLength(1);

    // Once dismissed, a later return of the cause alerts again.
    const [open] = await dependencyAlerts();
    await request(`/api/alerts/${open!.id}/read`, { method: 'POST' });
    const again = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '4000', date: '2026-11-19' },
    });
    await request('/api/health-check', { method: 'POST' });
    await request(`/api/revenue/${((await again.json()) as { id: string }).id}`, { method: 'DELETE' });
    await request('/api/health-check', { method: 'POST' });
    expect(await dependencyAlerts()).toHaveLength(1);
    expect((await dependencyAlerts())[0]!.id).not.toBe(open!.id);
  });

  it('refuses the stream to a signed-out visitor', async () => {
    expect((await fetch(`${first.baseUrl}/api/alerts/stream`)).status).toBe(401);
  });
});

describe('algorithm-change bulletins', () => {
  it('reach every creator on the platform and no one else; only operators publish them', async () => {
    const guardian = await signUpUser(first);
    await givePaidPlan(first, guardian.id, 'guardian');
    const onYouTube = as(first, guardian);
    await onYouTube('/api/user/onboarding', { method: 'POST', json: { platforms: ['youtube', 'tiktok'] } });
    // Bulletins come with The Guardian: a creator on YouTube without it is not reached.
    const withoutPlan = as(first, await signUpUser(first));
    await withoutPlan('/api/user/onboarding', { method: 'POST', json: { platforms: ['youtube'] } });
    const instagramGuardian = await signUpUser(first);
    await givePaidPlan(first, instagramGuardian.id, 'guardian');
    const onInstagram = as(first, instagramGuardian);
    await onInstagram('/api/user/onboarding', { method: 'POST', json: { platforms: ['instagram'] } });
    const bulletin = {
      platform: 'youtube',
      severity: 'high',
      title: 'YouTube is testing shorter recommendations',
      description: 'Long videos are being recommended less on the home feed this week.',
      mitigationStrategy: 'Cut a Short from each long video and link back to it.',
    };

    const refused = await onYouTube('/api/admin/bulletins', { method: 'POST', json: bulletin });
    expect(refused.status).toBe(404);
    // Refused before the body is looked at.
    const refusedBadBody = await onYouTube('/api/admin/bulletins', {
      method: 'POST',
      json: { platform: 'myspace' },
    });
    expect(refusedBadBody.status).toBe(404);

    const operator = as(first, await signInWithEmailLink(first, 'ops@ballast.test'));
    const published = await operator('/api/admin/bulletins', { method: 'POST', json: bulletin });
    expect(published.status).toBe(201);
    expect(((await published.json()) as { recipients: number }).recipients).toBeGreaterThanOrEqual(1);

    expect(await alertsOf(onYouTube)).toMatchObject([
      {
        title: bulletin.title,
        severity: 'high',
        platform: 'youtube',
        mitigationStrategy: bulletin.mitigationStrategy,
      },
    ]);
    expect(await alertsOf(onInstagram)).toEqual([]);
    expect(await alertsOf(withoutPlan)).toEqual([]);

    const bad = await operator('/api/admin/bulletins', {
      method: 'POST',
      json: { ...bulletin, platform: 'myspace' },
    });
    expect(bad.status).toBe(400);
  });
});

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
});
