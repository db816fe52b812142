// A new authorisation of a platform never starts a read the creator's plan does not include: without
// The Guardian's daily sync, each platform is read once, when first connected (decision 042).
import type { PlatformConnection } from '@common/platforms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type OAuthProviders, startOAuthProviders } from '../../../tests/support/oauth-providers';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { platformDepsOf } from './public';
import { runConnectionSync } from './sync';
import { days, youtubeDay } from './test-support';

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
  for (const day of days('2026-08-01', '2026-11-30')) providers.analytics.youtube.set(day, youtubeDay(day));
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

type Request = ReturnType<typeof as>;
const connectionOf = async (request: Request) =>
  ((await (await request('/api/platforms')).json()) as PlatformConnection[]).find(
    (item) => item.platform === 'youtube',
  );
const sync = (connectionId: string) =>
  runConnectionSync(
    { ...platformDepsOf(t.config, t.database.db, () => clock, t.jobs), jobs: t.jobs },
    { connectionId },
    log,
  );
const youtubeReads = () => providers.analytics.requests.filter((call) => call.platform === 'youtube').length;

async function connect(request: Request) {
  const start = await request('/api/connect/youtube');
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  await request(`${callback.pathname}${callback.search}`);
  return (await connectionOf(request))!;
}

describe('authorising a platform again', () => {
  it('without a plan: the first connection is read once; authorising again, or reconnecting, reads nothing', async () => {
    const request = as(t, await signUpUser(t));
    const first = await connect(request);
    expect((await sync(first.id))?.isRead).toBe(true);
    const readAt = (await connectionOf(request))!.lastSyncedAt;
    const readsAfterFirst = youtubeReads();

    clock = new Date(clock.getTime() + 3600 * 1000);
    const again = await connect(request);
    expect(again.id).toBe(first.id);
    expect(await sync(again.id)).toBeNull();
    expect(youtubeReads()).toBe(readsAfterFirst);
    expect((await connectionOf(request))!.lastSyncedAt).toBe(readAt);

    expect((await request(`/api/platforms/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    const reconnected = await connect(request);
    expect(reconnected.id).not.toBe(first.id);
    expect(await sync(reconnected.id)).toBeNull();
    expect(youtubeReads()).toBe(readsAfterFirst);
  });

  it('with The Guardian, whose daily sync it is: authorising again reads at once', async () => {
    const user = await signUpUser(t);
    await givePaidPlan(t, user.id, 'guardian');
    const request = as(t, user);
    const first = await connect(request);
    expect((await sync(first.id))?.isRead).toBe(true);
    clock = new Date(clock.getTime() + 3600 * 1000);
    const again = await connect(request);
    expect((await sync(again.id))?.isRead).toBe(true);
    expect((await connectionOf(request))!.lastSyncedAt).toBe(clock.toISOString());
  });
});
