import { createServer, type IncomingMessage } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';
import { freePort } from './free-port';
import { answerInstagramTokens, graphTokenError } from './instagram-grants';
import { answerOAuth, CREDENTIALS, json, newOAuthGrants } from './oauth-grants';
import { answerAnalytics, newAnalytics, type ProviderAnalytics } from './provider-analytics';
import { nextPacificMidnight, QUOTA_SPENT, TIKTOK_FIELD_SCOPES, throttle } from './provider-refusals';

type Account = { id: string; username: string; followers: number; views: number; likes?: number };

/**
 * Google, Instagram and TikTok's OAuth and account endpoints on one local server, addressed as the app
 * addresses them through OAUTH_PROVIDER_URL (`/<real host>/<real path>`), answering as their reference
 * pages say (docs/decisions/042): tokens last what those pages give on the stand-in's clock (the test's,
 * when it passes one), TikTok refuses a field outside the granted scopes, Meta throttles with Graph
 * error codes and Google's spent quota lasts until midnight Pacific.
 */
export type OAuthProviders = {
  url: string;
  credentials: Record<string, string>;
  accounts: Record<ConnectablePlatform, Account>;
  /** Instagram's code exchange answers the token flat instead of inside `data` (both are seen). */
  answerInstagramFlat(isFlat: boolean): void;
  /** The next consent grants only these scopes of those asked for (the creator unticked the rest). */
  grantOnlyNext(scopes: string[]): void;
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
  /**
   * The next `times` analytics requests of `platform` are throttled, each platform its own way:
   * YouTube and TikTok 429 with Retry-After; Instagram Graph error 4 (X-App-Usage at 100), with
   * `retryAfterSeconds` as X-Business-Use-Case-Usage's estimated_time_to_regain_access when above 0.
   */
  rateLimitNext(platform: ConnectablePlatform, times: number, retryAfterSeconds: number): void;
  /** The next YouTube Analytics report is refused as a bad request (400 INVALID_ARGUMENT). */
  refuseNextYoutubeReport(): void;
  /** The next `times` revoke requests of `platform` find the provider down (503). */
  failNextRevokes(platform: 'youtube' | 'tiktok', times: number): void;
  /** YouTube's daily quota is spent: its APIs answer 403 quotaExceeded until midnight Pacific. */
  spendYoutubeQuota(): void;
  /** The creator removed the app at the platform: every token of `platform` stops working. */
  revokeGrants(platform: ConnectablePlatform): void;
  /** Tokens revoked through the providers' revoke endpoints, by platform. */
  revoked: Record<ConnectablePlatform, string[]>;
  close(): Promise<void>;
};

const ANALYTICS_PATHS: [RegExp, ConnectablePlatform][] = [
  [/^\/youtubeanalytics\.googleapis\.com\//, 'youtube'],
  [/^\/graph\.instagram\.com\/[^/]+\/insights$/, 'instagram'],
  [/^\/open\.tiktokapis\.com\/v2\/video\/list\/$/, 'tiktok'],
];

export async function startOAuthProviders(options: { now?: () => Date } = {}): Promise<OAuthProviders> {
  const port = await freePort();
  const grants = newOAuthGrants(() => (options.now ?? (() => new Date()))().getTime());
  const analytics = newAnalytics();
  const rateLimits: Record<ConnectablePlatform, { times: number; retryAfter: number }> = {
    youtube: { times: 0, retryAfter: 0 },
    instagram: { times: 0, retryAfter: 0 },
    tiktok: { times: 0, retryAfter: 0 },
  };
  let youtubeQuotaBackAt = 0;
  let isNextReportRefused = false;
  const revokeFailures = { youtube: 0, tiktok: 0 };
  const REVOKE_PATHS: Record<string, 'youtube' | 'tiktok'> = {
    '/oauth2.googleapis.com/revoke': 'youtube',
    '/open.tiktokapis.com/v2/oauth/revoke/': 'tiktok',
  };
  const accountReads: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };
  const accounts: Record<ConnectablePlatform, Account> = {
    youtube: { id: 'UC-test-channel', username: 'cookingwithmaya', followers: 48_200, views: 1_250_000 },
    instagram: { id: '17841400000000001', username: 'maya.cooks', followers: 12_300, views: 0 },
    tiktok: { id: 'tiktok-open-id-1', username: 'mayacooks', followers: 91_000, views: 0, likes: 1_204_000 },
  };

  const bearer = (request: IncomingMessage, url: URL) =>
    request.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token') ?? '';
  const googleUnauthenticated = {
    error: {
      code: 401,
      message: 'Request had invalid authentication credentials.',
      status: 'UNAUTHENTICATED',
    },
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const revoking = REVOKE_PATHS[url.pathname];
    if (revoking && revokeFailures[revoking] > 0) {
      revokeFailures[revoking] -= 1;
      return json(response, 503, { error: 'temporarily_unavailable' });
    }
    if (await answerOAuth(grants, request, response, url)) return;
    if (await answerInstagramTokens(grants, request, response, url)) return;
    const bearerToken = bearer(request, url);
    const token = grants.tokenOf(bearerToken);
    const analyticsOf = ANALYTICS_PATHS.find(([pattern]) => pattern.test(url.pathname))?.[1];
    if (analyticsOf && rateLimits[analyticsOf].times > 0) {
      rateLimits[analyticsOf].times -= 1;
      return throttle(response, analyticsOf, rateLimits[analyticsOf].retryAfter);
    }
    const isYoutubeApi = /^\/(youtubeanalytics|www)\.googleapis\.com\//.test(url.pathname);
    if (isYoutubeApi && token?.platform === 'youtube' && grants.now() < youtubeQuotaBackAt)
      return json(response, 403, QUOTA_SPENT);
    if (url.pathname === '/youtubeanalytics.googleapis.com/v2/reports' && isNextReportRefused) {
      isNextReportRefused = false;
      return json(response, 400, {
        error: {
          code: 400,
          message: 'Could not parse content of the request.',
          errors: [
            { message: 'Could not parse content of the request.', domain: 'global', reason: 'badRequest' },
          ],
          status: 'INVALID_ARGUMENT',
        },
      });
    }
    const context = {
      token,
      graphTokenError: () => graphTokenError(grants, bearerToken),
      instagramFollowers: accounts.instagram.followers,
    };
    if (await answerAnalytics(analytics, context, request, response, url)) return;
    if (url.pathname === '/www.googleapis.com/youtube/v3/channels') {
      if (token?.platform !== 'youtube') return json(response, 401, googleUnauthenticated);
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
      if (token?.platform !== 'instagram') return json(response, 400, context.graphTokenError());
      accountReads.instagram += 1;
      const { id, username, followers } = accounts.instagram;
      return json(response, 200, { user_id: id, username, followers_count: followers });
    }
    if (url.pathname === '/open.tiktokapis.com/v2/user/info/') {
      const logId = '202611240000000001';
      if (token?.platform !== 'tiktok')
        return json(response, 401, {
          data: {},
          error: {
            code: 'access_token_invalid',
            message: 'The access token is invalid or not found in the request.',
            log_id: logId,
          },
        });
      const fields = (url.searchParams.get('fields') ?? '').split(',');
      if (fields.some((field) => !TIKTOK_FIELD_SCOPES[field]))
        return json(response, 400, {
          data: {},
          error: { code: 'invalid_params', message: 'The fields are invalid.', log_id: logId },
        });
      if (fields.some((field) => !token.scopes.includes(TIKTOK_FIELD_SCOPES[field]!)))
        return json(response, 401, {
          data: {},
          error: {
            code: 'scope_not_authorized',
            message: 'The user did not authorize the scope required for completing this request.',
            log_id: logId,
          },
        });
      accountReads.tiktok += 1;
      const { id, username, followers, likes } = accounts.tiktok;
      const user: Record<string, unknown> = {
        open_id: id,
        display_name: 'Maya Cooks',
        username,
        follower_count: followers,
        likes_count: likes,
      };
      return json(response, 200, {
        data: { user: Object.fromEntries(fields.map((field) => [field, user[field]])) },
        error: { code: 'ok', message: '', log_id: logId },
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
    refreshes: grants.refreshes,
    analytics,
    revoked: grants.revoked,
    rateLimitNext: (platform, times, retryAfterSeconds) => {
      rateLimits[platform] = { times, retryAfter: retryAfterSeconds };
    },
    refuseNextYoutubeReport: () => {
      isNextReportRefused = true;
    },
    failNextRevokes: (platform, times) => {
      revokeFailures[platform] = times;
    },
    spendYoutubeQuota: () => {
      youtubeQuotaBackAt = nextPacificMidnight(grants.now());
    },
    revokeGrants: (platform) => {
      for (const [token, found] of grants.tokens)
        if (found.platform === platform) grants.tokens.delete(token);
    },
    answerInstagramFlat: (isFlat) => {
      grants.isInstagramAnswerFlat = isFlat;
    },
    grantOnlyNext: (scopes) => {
      grants.grantOnlyNext = scopes;
    },
    denyNextConsent: () => {
      grants.denyNext = true;
    },
    failNextExchange: () => {
      grants.failNext = true;
    },
    expireAccessTokens: () => {
      for (const found of grants.tokens.values())
        if (found.kind !== 'refresh') found.expiresAt = Math.min(found.expiresAt, grants.now());
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
