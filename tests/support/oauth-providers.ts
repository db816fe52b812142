import { createServer, type IncomingMessage } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';
import { freePort } from './free-port';
import { answerOAuth, CREDENTIALS, json, newOAuthGrants } from './oauth-grants';
import { answerAnalytics, newAnalytics, type ProviderAnalytics } from './provider-analytics';

type Account = { id: string; username: string; followers: number; views: number; likes?: number };

/**
 * Google, Instagram and TikTok's OAuth and account endpoints on one local server, addressed as the app
 * addresses them through OAUTH_PROVIDER_URL (`/<real host>/<real path>`). Consent is given at once
 * (or refused, or the code exchange fails, when told); codes check their PKCE verifier; tokens expire
 * on demand so refreshing can be tested.
 */
export type OAuthProviders = {
  url: string;
  credentials: Record<string, string>;
  accounts: Record<ConnectablePlatform, Account>;
  /** The next consent screen refuses (the person pressed Cancel). */
  denyNextConsent(): void;
  /** The next code exchange answers 500. */
  failNextExchange(): void;
  /** Every access token handed out so far stops working (refresh tokens still do). */
  expireAccessTokens(): void;
  /** Calls made to the account endpoints, by platform. */
  accountReads: Record<ConnectablePlatform, number>;
  refreshes: Record<ConnectablePlatform, number>;
  /** Daily figures the analytics endpoints answer with (tests/support/provider-analytics.ts). */
  analytics: ProviderAnalytics;
  /** The next `times` analytics requests of `platform` answer 429 with this Retry-After (seconds). */
  rateLimitNext(platform: ConnectablePlatform, times: number, retryAfterSeconds: number): void;
  /** Tokens revoked through the providers' revoke endpoints, by platform. */
  revoked: Record<ConnectablePlatform, string[]>;
  close(): Promise<void>;
};

const ANALYTICS_PATHS: [RegExp, ConnectablePlatform][] = [
  [/^\/youtubeanalytics\.googleapis\.com\//, 'youtube'],
  [/^\/graph\.instagram\.com\/[^/]+\/insights$/, 'instagram'],
  [/^\/open\.tiktokapis\.com\/v2\/video\/list\/$/, 'tiktok'],
];

/** Each API's own answer to too many requests. */
const RATE_LIMITED: Record<ConnectablePlatform, unknown> = {
  youtube: {
    error: {
      code: 429,
      message: 'Resource has been exhausted (e.g. check quota).',
      status: 'RESOURCE_EXHAUSTED',
    },
  },
  instagram: {
    error: {
      message: 'Application request limit reached',
      type: 'OAuthException',
      code: 4,
      fbtrace_id: 'A1b2C3d4',
    },
  },
  tiktok: {
    error: {
      code: 'rate_limit_exceeded',
      message: 'API rate limit was exceeded.',
      log_id: '202611240000000002',
    },
  },
};

export async function startOAuthProviders(): Promise<OAuthProviders> {
  const port = await freePort();
  const grants = newOAuthGrants();
  const { accessTokens, refreshes, revoked } = grants;
  const analytics = newAnalytics();
  const rateLimits: Record<ConnectablePlatform, { times: number; retryAfter: number }> = {
    youtube: { times: 0, retryAfter: 0 },
    instagram: { times: 0, retryAfter: 0 },
    tiktok: { times: 0, retryAfter: 0 },
  };
  const accountReads: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };
  const accounts: Record<ConnectablePlatform, Account> = {
    youtube: { id: 'UC-test-channel', username: 'cookingwithmaya', followers: 48_200, views: 1_250_000 },
    instagram: { id: '17841400000000001', username: 'maya.cooks', followers: 12_300, views: 0 },
    tiktok: { id: 'tiktok-open-id-1', username: 'mayacooks', followers: 91_000, views: 0, likes: 1_204_000 },
  };

  const bearer = (request: IncomingMessage, url: URL) =>
    request.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token') ?? '';

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    if (await answerOAuth(grants, request, response, url)) return;
    const token = bearer(request, url);
    const platform = accessTokens.get(token);
    const analyticsOf = ANALYTICS_PATHS.find(([pattern]) => pattern.test(url.pathname))?.[1];
    if (analyticsOf && rateLimits[analyticsOf].times > 0) {
      rateLimits[analyticsOf].times -= 1;
      response.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(rateLimits[analyticsOf].retryAfter),
      });
      response.end(JSON.stringify(RATE_LIMITED[analyticsOf]));
      return;
    }
    if (await answerAnalytics(analytics, platform, request, response, url)) return;
    if (url.pathname === '/www.googleapis.com/youtube/v3/channels') {
      if (platform !== 'youtube') return json(response, 401, { error: 'invalid_token' });
      accountReads.youtube += 1;
      const { id, username, followers, views } = accounts.youtube;
      return json(response, 200, {
        items: [
          {
            id,
            snippet: { title: 'Cooking with Maya', customUrl: `@${username}` },
            statistics: { subscriberCount: String(followers), viewCount: String(views) },
          },
        ],
      });
    }
    if (url.pathname === '/graph.instagram.com/me') {
      if (platform !== 'instagram') return json(response, 401, { error: 'invalid_token' });
      accountReads.instagram += 1;
      const { id, username, followers } = accounts.instagram;
      return json(response, 200, { user_id: id, username, followers_count: followers });
    }
    if (url.pathname === '/open.tiktokapis.com/v2/user/info/') {
      if (platform !== 'tiktok') return json(response, 401, { error: 'invalid_token' });
      accountReads.tiktok += 1;
      const { id, username, followers, likes } = accounts.tiktok;
      return json(response, 200, {
        data: { user: { open_id: id, username, follower_count: followers, likes_count: likes } },
        error: { code: 'ok', message: '', log_id: '202611240000000001' },
      });
    }
    json(response, 404, { error: 'not_found', path: url.pathname });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    credentials: CREDENTIALS,
    accounts,
    accountReads,
    refreshes,
    analytics,
    revoked,
    rateLimitNext: (platform, times, retryAfterSeconds) => {
      rateLimits[platform] = { times, retryAfter: retryAfterSeconds };
    },
    denyNextConsent: () => {
      grants.denyNext = true;
    },
    failNextExchange: () => {
      grants.failNext = true;
    },
    expireAccessTokens: () => accessTokens.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
