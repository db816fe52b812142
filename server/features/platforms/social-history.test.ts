import type { PlatformConnection } from '@common/platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type OAuthProviders, startOAuthProviders } from '../../../tests/support/oauth-providers';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { platformDepsOf } from './public';
import { type RevokeJob, revokeGrant } from './service';
import { queueDailySync, runConnectionSync, SYNC_SPREAD_SECONDS, startOffsetSeconds } from './sync';

let t: TestApp;
let providers: OAuthProviders;
let clock = new Date('2026-11-24T09:00:00Z');
const log = { warn: () => {} };

beforeAll(async () => {
  providers = await startOAuthProviders({ now: () => clock });
  t = await startTestApp({
    env: { TRUST_PROXY: 'true', OAUTH_PROVIDER_URL: providers.url, ...providers.credentials },
    deps: { now: () => clock },
  });
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

type Request = ReturnType<typeof as>;
/** A creator on The Guardian, whose plan brings the daily reads after the first one. */
const newCreator = async () => {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, 'guardian');
  return as(t, user);
};
const connectionOf = async (request: Request, platform: string) =>
  ((await (await request('/api/platforms')).json()) as PlatformConnection[]).find(
    (item) => item.platform === platform,
  )!;
const deps = () => ({ ...platformDepsOf(t.config, t.database.db, () => clock, t.jobs), jobs: t.jobs });

async function connect(request: Request, platform: string) {
  const start = await request(`/api/connect/${platform}`);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  await request(`${callback.pathname}${callback.search}`);
  return connectionOf(request, platform);
}

const dailyRows = async (connectionId: string, metric: string) =>
  (
    await t.database.pool.query(
      'SELECT day::text AS day, value FROM platform_metrics WHERE connection_id = $1 AND metric = $2 AND day IS NOT NULL ORDER BY day',
      [connectionId, metric],
    )
  ).rows.map((row) => [row.day, Number(row.value)]);

describe('Instagram insights', () => {
  it('reads reach, views and new followers per day as far back as Instagram keeps them', async () => {
    const instagram = providers.analytics.instagram;
    for (let back = 45; back >= 1; back -= 1) {
      const day = new Date(clock.getTime() - back * 86_400_000).toISOString().slice(0, 10);
      instagram.set(day, { reach: 3_000 + back, views: 8_000 + back * 10, follower_count: 20 + (back % 5) });
    }
    const request = await newCreator();
    const connection = await connect(request, 'instagram');
    await runConnectionSync(deps(), { connectionId: connection.id }, log);

    const calls = providers.analytics.requests.filter((call) => call.platform === 'instagram');
    // follower_count on its own: Instagram refuses it for accounts under 100 followers.
    expect(calls[1]!.query).toMatchObject({ metric: 'follower_count', period: 'day' });
    expect(calls[0]!.query).toMatchObject({
      metric: 'reach',
      period: 'day',
      since: String(Date.parse('2026-10-25T00:00:00Z') / 1000),
      until: String(Date.parse('2026-11-24T00:00:00Z') / 1000),
    });
    // Views come only as a total over a range: one request per day.
    expect(calls.filter((call) => call.query.metric === 'views')).toHaveLength(30);
    const reach = await dailyRows(connection.id, 'reach');
    expect(reach).toHaveLength(30);
    expect(reach[0]).toEqual(['2026-10-25', 3_030]);
    expect(reach.at(-1)).toEqual(['2026-11-23', 3_001]);
    expect((await dailyRows(connection.id, 'views')).at(-1)).toEqual(['2026-11-23', 8_010]);
    expect((await dailyRows(connection.id, 'new_followers')).at(-1)).toEqual(['2026-11-23', 21]);
    expect((await connectionOf(request, 'instagram')).lastSyncRead).toBe(
      'Read 30 days of accounts reached, new followers and views; 12,300 followers.',
    );
  });
});

describe('TikTok videos', () => {
  it('works out each day’s views from what recent videos gained, with followers and likes', async () => {
    providers.analytics.tiktokVideos.push(
      ...Array.from({ length: 25 }, (_, index) => ({
        id: `73${String(index).padStart(17, '0')}`,
        view_count: 10_000 + index * 100,
        create_time: 1_760_000_000 + index * 86_400,
      })),
    );
    const request = await newCreator();
    const connection = await connect(request, 'tiktok');
    clock = new Date('2026-11-24T05:00:00Z');
    await runConnectionSync(deps(), { connectionId: connection.id }, log);
    // Two pages of video/list (20 and 5), and no daily views yet: one reading has nothing to compare.
    const pages = providers.analytics.requests.filter((call) => call.platform === 'tiktok');
    expect(pages.map((page) => page.body)).toEqual([
      { max_count: 20 },
      { max_count: 20, cursor: (1_760_000_000 + 5 * 86_400) * 1000 },
    ]);
    expect(await dailyRows(connection.id, 'views')).toEqual([]);

    // A day later every video gained 40 views, and a new one has 600.
    for (const video of providers.analytics.tiktokVideos) video.view_count += 40;
    providers.analytics.tiktokVideos.push({
      id: '7399999999999999999',
      view_count: 600,
      create_time: 1_763_900_000,
    });
    clock = new Date('2026-11-25T05:00:00Z');
    await runConnectionSync(deps(), { connectionId: connection.id }, log);
    expect(await dailyRows(connection.id, 'views')).toEqual([['2026-11-24', 25 * 40 + 600]]);
    const { rows } = await t.database.pool.query(
      "SELECT metric, value FROM platform_metrics WHERE connection_id = $1 AND day IS NULL AND metric = 'likes'",
      [connection.id],
    );
    expect(rows.map((row) => Number(row.value))).toEqual([1_204_000, 1_204_000]);

    // Disconnecting queues the revocation at TikTok, with the user access token its revoke endpoint takes.
    expect((await request(`/api/platforms/${connection.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(providers.revoked.tiktok).toEqual([]);
    const [revoke] = await t.jobs.fetch<RevokeJob>('platform-revoke');
    await revokeGrant(deps(), revoke!.data);
    expect(providers.revoked.tiktok).toHaveLength(1);
    expect(providers.revoked.tiktok[0]).toMatch(/^tiktok-access-/);
  });
});

describe('the daily fan-out', () => {
  it('queues one job per connection, spread over the hour, and one creator’s failure leaves the rest', async () => {
    const failing = await newCreator();
    const broken = await connect(failing, 'youtube');
    const fine = await newCreator();
    const working = await connect(fine, 'instagram');
    await t.database.pool.query(
      "UPDATE platform_connections SET token_expires_at = now() - interval '1 day', refresh_token = NULL WHERE id = $1",
      [broken.id],
    );
    // The reads queued at connect have been taken by a worker (none runs in this file).
    await t.jobs.fetch('platform-sync-connection', { batchSize: 50 });
    clock = new Date('2026-11-26T05:00:00Z');
    expect(await queueDailySync(deps())).toBeGreaterThanOrEqual(2);
    const { rows } = await t.database.pool.query(
      `SELECT singleton_key AS id, extract(epoch FROM start_after - $1::timestamptz)::int AS offset
       FROM pgboss.job WHERE name = 'platform-sync-connection' AND state = 'created' AND singleton_key = ANY($2)`,
      [clock, [broken.id, working.id]],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.offset).toBe(startOffsetSeconds(row.id));
      expect(row.offset).toBeLessThan(SYNC_SPREAD_SECONDS);
    }
    // A second fan-out the same day adds nothing: one waiting job per connection.
    await queueDailySync(deps());
    const { rows: again } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'platform-sync-connection' AND state = 'created' AND singleton_key = $1",
      [working.id],
    );
    expect(again[0].n).toBe(1);

    await runConnectionSync(deps(), { connectionId: broken.id }, log);
    await runConnectionSync(deps(), { connectionId: working.id }, log);
    expect((await connectionOf(failing, 'youtube')).lastSyncError).toBe(
      'YouTube no longer accepts this connection: its sign-in ran out and could not be renewed. Connect it again.',
    );
    expect((await connectionOf(fine, 'instagram')).lastSyncedAt).toBe(clock.toISOString());
  });
});

describe('linking a handle by hand', () => {
  it.each([
    ['youtube', 'https://www.youtube.com/@cookingwithmaya', 'cookingwithmaya'],
    ['instagram', 'instagram.com/maya.cooks/', 'maya.cooks'],
    ['tiktok', 'https://www.tiktok.com/@mayacooks?lang=en', 'mayacooks'],
  ])('%s: reduces a pasted profile address to the handle', async (platform, pasted, handle) => {
    const request = await newCreator();
    const linked = await request('/api/platforms', {
      method: 'POST',
      json: { platform, platformUsername: pasted },
    });
    expect(linked.status).toBe(201);
    expect(await linked.json()).toMatchObject({
      platformUsername: handle,
      isVerified: false,
      lastSyncRead: null,
    });
  });

  it('refuses an address that is not a profile', async () => {
    const request = await newCreator();
    const linked = await request('/api/platforms', {
      method: 'POST',
      json: { platform: 'youtube', platformUsername: 'https://example.com/watch?v=1' },
    });
    expect(linked.status).toBe(400);
  });
});
