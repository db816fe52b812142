// Each platform's flow end to end against stand-ins that answer as the platforms' reference pages say
// (docs/decisions/042): connect, first read, daily reads past the first token's life, a throttled read
// done later, a grant that cannot be renewed, and disconnecting with the revocation as a job.
import type { PlatformConnection } from '@common/platforms';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type OAuthProviders, startOAuthProviders } from '../../../tests/support/oauth-providers';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { platformDepsOf } from './public';
import { type RevokeJob, revokeGrant } from './service';
import { runConnectionSync } from './sync';

const DAY_MS = 24 * 3600 * 1000;
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

beforeEach(() => {
  clock = new Date('2026-11-24T09:00:00Z');
});

type Request = ReturnType<typeof as>;
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
const sync = (connectionId: string) => runConnectionSync(deps(), { connectionId }, log);
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

async function connect(request: Request, platform: string) {
  const start = await request(`/api/connect/${platform}`);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  const back = await request(`${callback.pathname}${callback.search}`);
  expect(back.headers.get('location')).toBe(`/health-check?connection=connected&platform=${platform}`);
  return connectionOf(request, platform);
}

/** Nothing runs the queue in this file: take the reads queued so far, as a worker would. */
const takeQueuedReads = () => t.jobs.fetch('platform-sync-connection', { batchSize: 100 });

/** How long from now the connection's next read waits, in seconds (null: none queued). */
async function queuedWait(connectionId: string) {
  const { rows } = await t.database.pool.query(
    `SELECT extract(epoch FROM start_after - now())::int AS wait FROM pgboss.job
     WHERE name = 'platform-sync-connection' AND singleton_key = $1 AND state = 'created'`,
    [connectionId],
  );
  return rows[0] ? Number(rows[0].wait) : null;
}

const tokenExpiryDays = async (connectionId: string) => {
  const { rows } = await t.database.pool.query(
    'SELECT token_expires_at FROM platform_connections WHERE id = $1',
    [connectionId],
  );
  return Math.round((rows[0].token_expires_at.getTime() - clock.getTime()) / DAY_MS);
};

describe('TikTok', () => {
  it('connects with a hex challenge and the profile scope, keeps its rotating refresh token, waits when throttled, revokes by a job', async () => {
    providers.analytics.tiktokVideos.push({
      id: '7300000000000000001',
      view_count: 5_000,
      create_time: 1_763_000_000,
    });
    const request = await newCreator();
    const connection = await connect(request, 'tiktok');
    // The handle is user/info's username, which only user.info.profile allows.
    expect(connection.platformUsername).toBe('mayacooks');
    expect((await sync(connection.id))?.isRead).toBe(true);

    // Two daily reads, each after the day-long access token has lapsed: each refresh hands back a new
    // refresh token and ends the old one, so the second works only if the first one's was kept.
    const refreshesBefore = providers.refreshes.tiktok;
    for (const _ of [1, 2]) {
      later(DAY_MS);
      providers.analytics.tiktokVideos[0]!.view_count += 100;
      expect((await sync(connection.id))?.isRead).toBe(true);
    }
    expect(providers.refreshes.tiktok - refreshesBefore).toBe(2);
    expect(await connectionOf(request, 'tiktok')).toMatchObject({
      lastSyncError: null,
      needsReconnect: false,
    });

    // Throttled: the connection stays connected and is read when TikTok said.
    await takeQueuedReads();
    providers.rateLimitNext('tiktok', 3, 120);
    later(DAY_MS);
    expect(await sync(connection.id)).toMatchObject({ isRead: false, retryAfterSeconds: 120 });
    const waiting = await connectionOf(request, 'tiktok');
    expect(waiting.needsReconnect).toBe(false);
    expect(waiting.lastSyncError).toMatch(
      /^TikTok asked us to slow down; Ballast tries again at \d\d:\d\d UTC\.$/,
    );
    expect(await queuedWait(connection.id)).toBeGreaterThan(100);
    providers.rateLimitNext('tiktok', 0, 0);
    later(3 * 60 * 1000);
    expect((await sync(connection.id))?.isRead).toBe(true);
    expect((await connectionOf(request, 'tiktok')).lastSyncError).toBeNull();

    // Disconnecting answers at once, even with TikTok down; the revocation is a job of its own, which
    // fails while TikTok is down (for pg-boss to try again) and revokes when it is back.
    providers.failNextRevokes('tiktok', 1);
    expect((await request(`/api/platforms/${connection.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await connectionOf(request, 'tiktok')).toBeUndefined();
    expect(providers.revoked.tiktok).toEqual([]);
    const [revoke] = await t.jobs.fetch<RevokeJob>('platform-revoke');
    await expect(revokeGrant(deps(), revoke!.data)).rejects.toThrow(/503/);
    expect(providers.revoked.tiktok).toEqual([]);
    await revokeGrant(deps(), revoke!.data);
    expect(providers.revoked.tiktok).toHaveLength(1);
  });
});

describe('TikTok scopes', () => {
  it('connects a creator who unticked the profile and videos scopes, asking only for what they granted', async () => {
    const request = await newCreator();
    providers.grantOnlyNext(['user.info.basic', 'user.info.stats']);
    const pagesBefore = providers.analytics.requests.filter((call) => call.platform === 'tiktok').length;
    const connection = await connect(request, 'tiktok');
    // Without user.info.profile there is no username: the display name stands in.
    expect(connection).toMatchObject({ platformUsername: 'Maya Cooks', followers: 91_000 });
    later(DAY_MS);
    expect((await sync(connection.id))?.isRead).toBe(true);
    expect(providers.analytics.requests.filter((call) => call.platform === 'tiktok')).toHaveLength(
      pagesBefore,
    );
    expect(await connectionOf(request, 'tiktok')).toMatchObject({
      lastSyncError: null,
      needsReconnect: false,
    });
  });
});

describe('Instagram', () => {
  const seedDays = () => {
    for (let back = 40; back >= -120; back -= 1) {
      const day = new Date(clock.getTime() - back * DAY_MS).toISOString().slice(0, 10);
      providers.analytics.instagram.set(day, { reach: 3_000 + back, views: 8_000, follower_count: 20 });
    }
  };

  it('keeps a long-lived token, refreshes it before it lapses, waits out Graph throttling, and asks to reconnect only when the token has lapsed', async () => {
    seedDays();
    const request = await newCreator();
    const connection = await connect(request, 'instagram');
    // The code's hour-long token was exchanged at once for one of 60 days.
    expect(await tokenExpiryDays(connection.id)).toBe(60);
    expect((await sync(connection.id))?.isRead).toBe(true);

    // Five weeks of daily reads, long past the first token's hour: from the day it has under 30 days
    // left, the token is refreshed, once, for another 60.
    for (let day = 1; day <= 35; day += 1) {
      later(DAY_MS);
      expect((await sync(connection.id))?.isRead).toBe(true);
    }
    expect(providers.refreshes.instagram).toBe(1);
    expect(await tokenExpiryDays(connection.id)).toBeGreaterThan(50);
    expect(await connectionOf(request, 'instagram')).toMatchObject({
      lastSyncError: null,
      needsReconnect: false,
    });

    // Meta throttles with Graph error 4 (HTTP 403, not 429): a wait of its rolling hour, not a revoked grant.
    await takeQueuedReads();
    providers.rateLimitNext('instagram', 1, 0);
    later(DAY_MS);
    expect(await sync(connection.id)).toMatchObject({ isRead: false, retryAfterSeconds: 3600 });
    const waiting = await connectionOf(request, 'instagram');
    expect(waiting.needsReconnect).toBe(false);
    expect(waiting.lastSyncError).toMatch(
      /^Instagram asked us to slow down; Ballast tries again at \d\d:\d\d UTC\.$/,
    );
    expect(await queuedWait(connection.id)).toBeGreaterThan(3500);
    // With Meta's estimate of when access comes back (X-Business-Use-Case-Usage), that estimate.
    await takeQueuedReads();
    providers.rateLimitNext('instagram', 1, 900);
    expect(await sync(connection.id)).toMatchObject({ isRead: false, retryAfterSeconds: 900 });
    later(3600 * 1000);
    expect((await sync(connection.id))?.isRead).toBe(true);

    // Left unread past its 60 days (the plan lapsed, say), the token is refused with Graph's 190:
    // only now is the creator asked to reconnect, and told why.
    later(61 * DAY_MS);
    expect((await sync(connection.id))?.isRead).toBe(false);
    expect(await connectionOf(request, 'instagram')).toMatchObject({
      lastSyncError:
        'Instagram no longer accepts this connection: its sign-in ran out and could not be renewed. Connect it again.',
      needsReconnect: true,
    });

    // Instagram has no revoke endpoint: the connection and its token go, no job is queued.
    expect((await request(`/api/platforms/${connection.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await t.jobs.fetch('platform-revoke')).toEqual([]);
    expect(await connectionOf(request, 'instagram')).toBeUndefined();
  });

  it('keeps reading past the short-lived token’s hour whichever shape the code exchange answers in', async () => {
    seedDays();
    providers.answerInstagramFlat(true);
    try {
      const request = await newCreator();
      const connection = await connect(request, 'instagram');
      expect(await tokenExpiryDays(connection.id)).toBe(60);
      later(2 * 3600 * 1000);
      expect((await sync(connection.id))?.isRead).toBe(true);
      later(DAY_MS);
      expect((await sync(connection.id))?.isRead).toBe(true);
    } finally {
      providers.answerInstagramFlat(false);
    }
  });

  it('reads an account under 100 followers without the new followers Instagram will not give', async () => {
    seedDays();
    providers.accounts.instagram.followers = 80;
    try {
      const request = await newCreator();
      const connection = await connect(request, 'instagram');
      expect((await sync(connection.id))?.isRead).toBe(true);
      expect((await connectionOf(request, 'instagram')).lastSyncRead).toBe(
        'Read 30 days of accounts reached and views; 80 followers.',
      );
    } finally {
      providers.accounts.instagram.followers = 12_300;
    }
  });
});

describe('YouTube', () => {
  it('waits for the quota day to reset at midnight Pacific, takes any other 400 as a failed read, and asks to reconnect only on invalid_grant', async () => {
    const request = await newCreator();
    const connection = await connect(request, 'youtube');
    expect((await sync(connection.id))?.isRead).toBe(true);

    // 09:00 UTC is 01:00 in Los Angeles: the quota comes back at 08:00 UTC tomorrow.
    await takeQueuedReads();
    providers.spendYoutubeQuota();
    expect(await sync(connection.id)).toMatchObject({ isRead: false, retryAfterSeconds: 23 * 3600 + 300 });
    expect(await connectionOf(request, 'youtube')).toMatchObject({
      lastSyncError:
        "YouTube's daily allowance of requests is spent; Ballast tries again at 08:05 UTC, when it resets.",
      needsReconnect: false,
    });
    expect(await queuedWait(connection.id)).toBeGreaterThan(23 * 3600);
    later(23 * 3600 * 1000 + 300 * 1000);
    expect((await sync(connection.id))?.isRead).toBe(true);

    // Any other 400 is a failed read, not a lost grant: still connected, read again the next day.
    providers.refuseNextYoutubeReport();
    later(DAY_MS);
    expect(await sync(connection.id)).toMatchObject({ isRead: false, isRetryable: true });
    expect(await connectionOf(request, 'youtube')).toMatchObject({ needsReconnect: false });
    expect((await connectionOf(request, 'youtube')).lastSyncError).toMatch(
      /^YouTube could not be read: .*400/,
    );

    // The creator removes Ballast in their Google account: the refresh answers invalid_grant.
    providers.revokeGrants('youtube');
    later(DAY_MS);
    expect((await sync(connection.id))?.isRead).toBe(false);
    expect(await connectionOf(request, 'youtube')).toMatchObject({
      lastSyncError:
        'YouTube no longer accepts this connection: the access you gave Ballast was withdrawn or has expired. Connect it again.',
      needsReconnect: true,
    });
  });
});
