import type { HealthCheck } from '@common/health-check';
import type { PlatformConnection } from '@common/platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type OAuthProviders, startOAuthProviders } from '../../../tests/support/oauth-providers';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { platformDepsOf } from './public';
import { syncAllConnections } from './sync';

let t: TestApp;
let providers: OAuthProviders;
// Starts at the real time: the providers date their tokens' expiry from it, and the sync compares the two.
let clock = new Date();
const log = { warn: () => {} };

beforeAll(async () => {
  providers = await startOAuthProviders();
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
const newCreator = async (plan: 'none' | 'guardian' = 'none') => {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, plan);
  return as(t, user);
};
const connections = async (request: Request) =>
  (await (await request('/api/platforms')).json()) as PlatformConnection[];

/** Follows the browser's path: our connect URL, the provider's consent, back to our callback. */
async function connect(request: Request, platform: string) {
  const start = await request(`/api/connect/${platform}`);
  expect(start.status).toBe(302);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  const back = await request(`${callback.pathname}${callback.search}`);
  expect(back.status).toBe(302);
  return back.headers.get('location');
}

describe('connecting a platform', () => {
  it.each(['youtube', 'instagram', 'tiktok'] as const)(
    '%s: sign in with PKCE, store the account with sealed tokens, back to the health check',
    async (platform) => {
      const request = await newCreator();
      const start = await request(`/api/connect/${platform}`);
      const authorize = new URL(start.headers.get('location')!);
      // Google checks the challenge as base64url (RFC 7636), TikTok as hex; Instagram's Business Login
      // has no PKCE.
      const challenge = { youtube: /^[\w-]{43}$/, tiktok: /^[0-9a-f]{64}$/, instagram: null }[platform];
      expect(authorize.searchParams.get('code_challenge_method')).toBe(challenge ? 'S256' : null);
      if (challenge) expect(authorize.searchParams.get('code_challenge')).toMatch(challenge);
      expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${t.baseUrl}/api/connect/${platform}/callback`,
      );

      expect(await connect(request, platform)).toBe(
        `/health-check?connection=connected&platform=${platform}`,
      );
      const [connection] = await connections(request);
      expect(connection).toMatchObject({
        platform,
        platformUserId: providers.accounts[platform].id,
        platformUsername: providers.accounts[platform].username,
        isActive: true,
        isVerified: true,
        followers: providers.accounts[platform].followers,
        lastSyncError: null,
      });
      const { rows } = await t.database.pool.query(
        'SELECT access_token, refresh_token FROM platform_connections WHERE id = $1',
        [connection!.id],
      );
      expect(rows[0].access_token).toMatch(/^v1\./);
      expect(rows[0].access_token).not.toContain(`${platform}-`);
      // Instagram's long-lived token renews itself: there is no refresh token to keep.
      if (platform === 'instagram') expect(rows[0].refresh_token).toBeNull();
      else expect(rows[0].refresh_token).not.toContain(`${platform}-refresh-`);
    },
  );

  it('returns to the panel saying so when consent is refused or the exchange fails', async () => {
    const request = await newCreator();
    providers.denyNextConsent();
    expect(await connect(request, 'youtube')).toBe('/health-check?connection=denied&platform=youtube');
    providers.failNextExchange();
    expect(await connect(request, 'youtube')).toBe('/health-check?connection=failed&platform=youtube');
    expect(await connections(request)).toEqual([]);
  });

  it('refuses a state that is not this creator’s, or is used twice', async () => {
    const maya = await newCreator();
    const start = await maya('/api/connect/tiktok');
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const other = await newCreator();
    const stolen = await other(`${callback.pathname}${callback.search}`);
    expect(stolen.headers.get('location')).toBe('/health-check?connection=failed&platform=tiktok');
    expect(await connections(other)).toEqual([]);
  });

  it('counts in the health check, syncs daily with a refreshed token, and is gone on disconnect', async () => {
    const request = await newCreator('guardian');
    await request('/api/user/onboarding', {
      method: 'POST',
      json: { platforms: ['youtube'], hasAnalytics: true },
    });
    await connect(request, 'tiktok');
    // The daily sync comes with The Guardian: a connection without it is not read.
    const withoutPlan = await newCreator();
    await connect(withoutPlan, 'tiktok');
    const [unsynced] = await connections(withoutPlan);
    const check = (await (await request('/api/health-check', { method: 'POST' })).json()) as HealthCheck;
    // YouTube from the answers and the connected TikTok: two platforms count towards resilience.
    expect(check.engagementResilienceScore).toBe(40);

    // A day later the access token has expired: the sync refreshes it, then reads the account.
    providers.accounts.tiktok.followers = 91_450;
    providers.expireAccessTokens();
    clock = new Date(clock.getTime() + 24 * 3600 * 1000);
    const refreshesBefore = providers.refreshes.tiktok;
    await syncAllConnections(
      platformDepsOf(t.config, t.database.db, () => clock),
      log,
    );
    // Every old token was refused, so reading the account at all means this one was refreshed.
    expect(providers.refreshes.tiktok).toBeGreaterThan(refreshesBefore);
    const [synced] = await connections(request);
    expect(synced).toMatchObject({
      followers: 91_450,
      lastSyncError: null,
      lastSyncedAt: clock.toISOString(),
    });
    const { rows } = await t.database.pool.query(
      "SELECT value FROM platform_metrics WHERE connection_id = $1 AND metric = 'followers'",
      [synced!.id],
    );
    expect(rows.map((row) => Number(row.value))).toEqual([91_450]);
    // Read when it was connected, not by the daily sync.
    expect((await connections(withoutPlan))[0]!.lastSyncedAt).toBe(unsynced!.lastSyncedAt);

    // Revoked at the platform: the sync says so on the connection.
    providers.expireAccessTokens();
    clock = new Date(clock.getTime() + 24 * 3600 * 1000);
    await t.database.pool.query('UPDATE platform_connections SET refresh_token = NULL WHERE id = $1', [
      synced!.id,
    ]);
    await syncAllConnections(
      platformDepsOf(t.config, t.database.db, () => clock),
      log,
    );
    expect((await connections(request))[0]).toMatchObject({
      lastSyncError:
        'TikTok no longer accepts this connection: its sign-in ran out and could not be renewed. Connect it again.',
      needsReconnect: true,
    });

    const other = await newCreator();
    expect((await other(`/api/platforms/${synced!.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await request(`/api/platforms/${synced!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await connections(request)).toEqual([]);
    const { rows: left } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM platform_connections WHERE id = $1',
      [synced!.id],
    );
    expect(left[0].n).toBe(0);
  });
});

describe('linking a handle by hand', () => {
  it('stores it unverified, and will not replace a verified connection', async () => {
    const request = await newCreator();
    const linked = await request('/api/platforms', {
      method: 'POST',
      json: { platform: 'tiktok', platformUsername: '@mayacooks', isActive: true },
    });
    expect(linked.status).toBe(201);
    expect(await linked.json()).toMatchObject({
      platform: 'tiktok',
      platformUsername: 'mayacooks',
      isVerified: false,
    });

    const bad = await request('/api/platforms', {
      method: 'POST',
      json: { platform: 'tiktok', platformUsername: 'not a handle!' },
    });
    expect(bad.status).toBe(400);

    await connect(request, 'youtube');
    const again = await request('/api/platforms', {
      method: 'POST',
      json: { platform: 'youtube', platformUsername: 'someone' },
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'Your YouTube account is already connected. Disconnect it first to link another.',
    );
  });

  it('says which platforms can be connected through their sign-in', async () => {
    const request = await newCreator();
    expect(await (await request('/api/platforms/providers')).json()).toEqual([
      { platform: 'youtube', isConfigured: true },
      { platform: 'instagram', isConfigured: true },
      { platform: 'tiktok', isConfigured: true },
    ]);
  });
});
