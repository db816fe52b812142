import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';
import { freePort } from './free-port';

type Account = { id: string; username: string; followers: number; views: number };

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
  let failNext = false;
  const accountReads: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };
  const refreshes: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };
  const accounts: Record<ConnectablePlatform, Account> = {
    youtube: { id: 'UC-test-channel', username: 'cookingwithmaya', followers: 48_200, views: 1_250_000 },
    instagram: { id: '17841400000000001', username: 'maya.cooks', followers: 12_300, views: 0 },
    tiktok: { id: 'tiktok-open-id-1', username: 'mayacooks', followers: 91_000, views: 0 },
  };

  const issue = (platform: ConnectablePlatform) => {
    const access = `${platform}-access-${randomBytes(8).toString('hex')}`;
    const refresh = `${platform}-refresh-${randomBytes(8).toString('hex')}`;
    accessTokens.set(access, platform);
    refreshTokens.set(refresh, platform);
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
    const token = bearer(request, url);
    const platform = accessTokens.get(token);
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
      const { id, username, followers } = accounts.tiktok;
      return json(response, 200, { data: { user: { open_id: id, username, follower_count: followers } } });
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
