// What the YouTube history test files share: the app with platform sync against the OAuth providers'
// stand-in (its days reset before each test), a creator who connects through the browser's path, and
// a channel's days as YouTube reports them.
import type { PlatformConnection } from '@common/platforms';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type OAuthProviders, startOAuthProviders } from '../../../tests/support/oauth-providers';
import { givePaidPlan } from '../../../tests/support/plans';
import type { YoutubeDay } from '../../../tests/support/provider-analytics';
import { as, signUpUser } from '../../../tests/support/users';

// Assigned before the file's tests run; importers read them as live bindings.
export let t: TestApp;
export let providers: OAuthProviders;

/** Starts the stand-in and the app on the calling file's clock before its tests, and stops them after. */
export function setUpYoutubeApp(now: () => Date): void {
  beforeAll(async () => {
    providers = await startOAuthProviders({ now });
    t = await startTestApp({
      env: { TRUST_PROXY: 'true', OAUTH_PROVIDER_URL: providers.url, ...providers.credentials },
      deps: { now },
      platformSync: true,
    });
  });

  afterAll(async () => {
    await t?.close();
    await providers?.close();
  });

  beforeEach(() => {
    providers.analytics.isYoutubeWithoutRevenue = false;
    providers.analytics.youtube.clear();
    providers.analytics.requests.length = 0;
  });
}

export type Request = ReturnType<typeof as>;
/** A creator on The Guardian, whose plan brings the daily reads after the first one. */
export const newCreator = async () => {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, 'guardian');
  return as(t, user);
};
export const get = async <T>(request: Request, path: string) => (await (await request(path)).json()) as T;
export const connectionOf = async (request: Request, platform: string) =>
  (await get<PlatformConnection[]>(request, '/api/platforms')).find((item) => item.platform === platform)!;

/** The browser's path: our connect URL, the provider's consent, back to our callback. */
export async function connect(request: Request, platform: string) {
  const start = await request(`/api/connect/${platform}`);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  const back = await request(`${callback.pathname}${callback.search}`);
  expect(back.headers.get('location')).toBe(`/health-check?connection=connected&platform=${platform}`);
}

const DAY_MS = 24 * 3600 * 1000;
export const days = (from: string, to: string) => {
  const list: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    list.push(new Date(at).toISOString().slice(0, 10));
  return list;
};

/** A channel's days as YouTube reports them: weekends busier, revenue in pence-exact pounds. */
export function youtubeDay(day: string, scale = 1): YoutubeDay {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const noise = (Number(day.slice(8, 10)) * 37) % 11;
  const views = Math.round((weekday === 0 || weekday === 6 ? 12_000 : 9_500) * scale + noise * 40);
  return {
    views,
    estimatedMinutesWatched: views * 4,
    subscribersGained: 40 + noise,
    subscribersLost: 12,
    estimatedRevenue: Math.round(views * 0.31 * scale) / 100,
  };
}

const penceOf = (amount: number) => Math.round(amount * 100);
export const monthTotal = (month: string) =>
  (
    [...providers.analytics.youtube]
      .filter(([day]) => day.startsWith(month))
      .reduce((sum, [, figures]) => sum + penceOf(figures.estimatedRevenue), 0) / 100
  ).toFixed(2);
