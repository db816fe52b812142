import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';
import { freePort } from './free-port';
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

const CREDENTIALS = {
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  INSTAGRAM_CLIENT_ID: 'instagram-client',
  INSTAGRAM_CLIENT_SECRET: 'instagram-secret',
  TIKTOK_CLIENT_KEY: 'tiktok-key',
  TIKTOK_CLIENT_SECRET: 'tiktok-secret',
};

const CLIENTS: Record<ConnectablePlatform, { id: string; secret: string }> = {
  youtube: { id: CREDENTIALS.GOOGLE_CLIENT_ID, secret: CREDENTIALS.GOOGLE_CLIENT_SECRET },
  instagram: { id: CREDENTIALS.INSTAGRAM_CLIENT_ID, secret: CREDENTIALS.INSTAGRAM_CLIENT_SECRET },
  tiktok: { id: CREDENTIALS.TIKTOK_CLIENT_KEY, secret: CREDENTIALS.TIKTOK_CLIENT_SECRET },
};

const AUTHORIZE: Record<string, ConnectablePlatform> = {
  '/accounts.google.com/o/oauth2/v2/auth': 'youtube',
  '/www.instagram.com/oauth/authorize': 'instagram',
  '/www.tiktok.com/v2/auth/authorize/': 'tiktok',
};
const TOKEN: Record<string, ConnectablePlatform> = {
  '/oauth2.googleapis.com/token': 'youtube',
  '/api.instagram.com/oauth/access_token': 'instagram',
  '/open.tiktokapis.com/v2/oauth/token/': 'tiktok',
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

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startOAuthProviders(): Promise<OAuthProviders> {
  const port = await freePort();
  const codes = new Map<string, { platform: ConnectablePlatform; challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, ConnectablePlatform>();
  const refreshTokens = new Map<string, ConnectablePlatform>();
  let denyNext = false;
  const analytics = newAnalytics();
  const rateLimits: Record<ConnectablePlatform, { times: number; retryAfter: number }> = {
    youtube: { times: 0, retryAfter: 0 },
    instagram: { times: 0, retryAfter: 0 },
    tiktok: { times: 0, retryAfter: 0 },
  };
  const revoked: Record<ConnectablePlatform, string[]> = { youtube: [], instagram: [], tiktok: [] };
  let failNext = false;
  const accountReads: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };
  const refreshes: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };
  const accounts: Record<ConnectablePlatform, Account> = {
    youtube: { id: 'UC-test-channel', username: 'cookingwithmaya', followers: 48_200, views: 1_250_000 },
    instagram: { id: '17841400000000001', username: 'maya.cooks', followers: 12_300, views: 0 },
    tiktok: { id: 'tiktok-open-id-1', username: 'mayacooks', followers: 91_000, views: 0, likes: 1_204_000 },
  };

  /** Which grant each token belongs to: revoking either token of a grant ends both. */
  const grantOf = new Map<string, string>();
  const forget = (token: string) => {
    const grant = grantOf.get(token);
    for (const [other, owner] of grantOf) {
      if (owner !== grant && other !== token) continue;
      accessTokens.delete(other);
      refreshTokens.delete(other);
    }
  };

  const issue = (platform: ConnectablePlatform) => {
    const access = `${platform}-access-${randomBytes(8).toString('hex')}`;
    const refresh = `${platform}-refresh-${randomBytes(8).toString('hex')}`;
    accessTokens.set(access, platform);
    refreshTokens.set(refresh, platform);
    grantOf.set(access, access);
    grantOf.set(refresh, access);
    return { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer' };
  };

  const bearer = (request: IncomingMessage, url: URL) =>
    request.headers.authorization?.replace(/^Bearer /, '') ?? url.searchParams.get('access_token') ?? '';

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const authorizing = AUTHORIZE[url.pathname];
    if (authorizing && request.method === 'GET') {
      const redirectUri = url.searchParams.get('redirect_uri')!;
      const back = new URL(redirectUri);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (denyNext) {
        denyNext = false;
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(12).toString('hex');
        codes.set(code, {
          platform: authorizing,
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri,
        });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    const tokenFor = TOKEN[url.pathname];
    if (tokenFor && request.method === 'POST') {
      const form = await bodyOf(request);
      const client = CLIENTS[tokenFor];
      if (
        (form.get('client_id') ?? form.get('client_key')) !== client.id ||
        form.get('client_secret') !== client.secret
      )
        return json(response, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'refresh_token') {
        if (refreshTokens.get(form.get('refresh_token') ?? '') !== tokenFor)
          return json(response, 400, { error: 'invalid_grant' });
        refreshes[tokenFor] += 1;
        return json(response, 200, issue(tokenFor));
      }
      if (failNext) {
        failNext = false;
        return json(response, 500, { error: 'server_error' });
      }
      const saved = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !saved ||
        saved.platform !== tokenFor ||
        saved.challenge !== challenge ||
        saved.redirectUri !== form.get('redirect_uri')
      )
        return json(response, 400, { error: 'invalid_grant' });
      return json(response, 200, issue(tokenFor));
    }
    if (url.pathname === '/graph.instagram.com/refresh_access_token') {
      if (
        accessTokens.get(url.searchParams.get('access_token') ?? '') !== 'instagram' &&
        !refreshTokens.has(url.searchParams.get('access_token') ?? '')
      )
        return json(response, 400, { error: 'invalid_token' });
      refreshes.instagram += 1;
      const { access_token, expires_in } = issue('instagram');
      return json(response, 200, { access_token, expires_in });
    }
    if (url.pathname === '/oauth2.googleapis.com/revoke' && request.method === 'POST') {
      // Google: the access or refresh token in a form; 200 and an empty object, or 400 invalid_token.
      const token = (await bodyOf(request)).get('token') ?? '';
      const platform = accessTokens.get(token) ?? refreshTokens.get(token);
      if (platform !== 'youtube')
        return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      revoked.youtube.push(token);
      forget(token);
      return json(response, 200, {});
    }
    if (url.pathname === '/open.tiktokapis.com/v2/oauth/revoke/' && request.method === 'POST') {
      const form = await bodyOf(request);
      if (form.get('client_key') !== CLIENTS.tiktok.id || form.get('client_secret') !== CLIENTS.tiktok.secret)
        return json(response, 401, {
          error: 'invalid_client',
          error_description: 'Client key or secret is incorrect.',
        });
      // TikTok revokes a user access token (its refresh token is not accepted here).
      const token = form.get('token') ?? '';
      if (accessTokens.get(token) !== 'tiktok')
        return json(response, 400, {
          error: 'invalid_request',
          error_description: 'The access token is invalid.',
        });
      revoked.tiktok.push(token);
      forget(token);
      response.writeHead(200);
      response.end();
      return;
    }
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
      denyNext = true;
    },
    failNextExchange: () => {
      failNext = true;
    },
    expireAccessTokens: () => accessTokens.clear(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
