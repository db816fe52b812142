import { createHash, randomBytes } from 'node:crypto';
import type { ConnectablePlatform } from '@common/platforms';
import type { Config } from '../../config';
import {
  type DayFigures,
  type DayRange,
  INSTAGRAM_HISTORY_DAYS,
  readInstagramDays,
  readTiktokVideoViews,
  readYoutubeDays,
  revokeToken,
} from './analytics';
import { bearer, call, form, numberOrNull, ProviderError, urlFor } from './http';

export { ProviderError };

export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** When the access token stops working, when the provider says. */
  expiresAt: Date | null;
};

export type ProviderAccount = {
  platformUserId: string;
  platformUsername: string;
  followers: number | null;
  views: number | null;
  likes?: number | null;
};

type Endpoints = { authorize: string; token: string };

export type PlatformProvider = {
  platform: ConnectablePlatform;
  authorizeUrl(options: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchangeCode(options: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  readAccount(accessToken: string): Promise<ProviderAccount>;
  /** How many days back the platform's analytics go (0: it keeps no daily history we can read). */
  historyDays: number;
  /** Per-day figures for the account, oldest first; only the days the platform has settled. */
  readDays?(accessToken: string, platformUserId: string, range: DayRange): Promise<DayFigures[]>;
  /** Each recent video's lifetime views (TikTok, whose daily views we work out from these). */
  readVideoViews?(accessToken: string): Promise<Record<string, number>>;
  /** Revokes the grant at the provider; false when the provider has no way to. */
  revoke(token: string): Promise<boolean>;
};

const expiry = (seconds: unknown) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;

type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number };

function tokensFrom(
  what: string,
  answer: TokenAnswer,
  previousRefresh: string | null = null,
): ProviderTokens {
  if (!answer.access_token) throw new ProviderError(`${what}: no access token in the answer`);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previousRefresh,
    expiresAt: expiry(answer.expires_in),
  };
}

/** POSTs a token request as a form, the way all three providers take one. */
async function requestTokens(
  what: string,
  url: string,
  fields: Record<string, string>,
  previousRefresh: string | null = null,
): Promise<ProviderTokens> {
  return tokensFrom(what, await call<TokenAnswer>(what, url, form(fields)), previousRefresh);
}

/**
 * One provider's OAuth 2 client: how it names the client id (`client_id`, or TikTok's `client_key`), its
 * endpoints and the scopes it asks for. The authorisation URL, the code exchange and the refresh are the
 * same authorisation-code-with-PKCE flow for all three; only these details differ.
 */
type OAuthClient = {
  name: string;
  endpoints: Endpoints;
  client: Record<'client_id', string> | Record<'client_key', string>;
  secret: string;
  scope: string;
  /** Parameters one provider adds to the authorisation URL. */
  authorizeExtras?: Record<string, string>;
};

function pkceAuthorizeUrl(
  oauth: OAuthClient,
  { state, codeChallenge, redirectUri }: Parameters<PlatformProvider['authorizeUrl']>[0],
): string {
  const url = new URL(oauth.endpoints.authorize);
  url.search = new URLSearchParams({
    ...oauth.client,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: oauth.scope,
    ...oauth.authorizeExtras,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

function exchangeCodeWithPkce(
  oauth: OAuthClient,
  { code, codeVerifier, redirectUri }: Parameters<PlatformProvider['exchangeCode']>[0],
): Promise<ProviderTokens> {
  return requestTokens(`${oauth.name} token exchange`, oauth.endpoints.token, {
    ...oauth.client,
    client_secret: oauth.secret,
    code,
    code_verifier: codeVerifier,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
  });
}

function refreshWithToken(oauth: OAuthClient, refreshToken: string): Promise<ProviderTokens> {
  return requestTokens(
    `${oauth.name} token refresh`,
    oauth.endpoints.token,
    {
      ...oauth.client,
      client_secret: oauth.secret,
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
    },
    refreshToken,
  );
}

/** Google: YouTube Data API and YouTube Analytics, read-only. */
function youtube(config: Config, id: string, secret: string): PlatformProvider {
  const oauth: OAuthClient = {
    name: 'Google',
    endpoints: {
      authorize: urlFor(config, 'https://accounts.google.com/o/oauth2/v2/auth'),
      token: urlFor(config, 'https://oauth2.googleapis.com/token'),
    },
    client: { client_id: id },
    secret,
    scope: [
      'https://www.googleapis.com/auth/youtube.readonly',
      'https://www.googleapis.com/auth/yt-analytics.readonly',
      'https://www.googleapis.com/auth/yt-analytics-monetary.readonly',
    ].join(' '),
    // A refresh token on every consent, so the daily sync keeps working.
    authorizeExtras: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  };
  return {
    platform: 'youtube',
    authorizeUrl: (options) => pkceAuthorizeUrl(oauth, options),
    exchangeCode: (options) => exchangeCodeWithPkce(oauth, options),
    refresh: (refreshToken) => refreshWithToken(oauth, refreshToken),
    historyDays: 90,
    readDays: (accessToken, _channelId, range) => readYoutubeDays(config, accessToken, range),
    revoke: (token) => revokeToken(config, 'youtube', token, { id, secret }),
    async readAccount(accessToken) {
      const answer = await call<{
        items?: {
          id: string;
          snippet?: { title?: string; customUrl?: string };
          statistics?: Record<string, string>;
        }[];
      }>(
        'YouTube channel',
        urlFor(config, 'https://www.googleapis.com/youtube/v3/channels?part=snippet,statistics&mine=true'),
        { headers: bearer(accessToken) },
      );
      const channel = answer.items?.[0];
      if (!channel) throw new ProviderError('YouTube channel: this Google account has no YouTube channel');
      return {
        platformUserId: channel.id,
        platformUsername: (channel.snippet?.customUrl ?? channel.snippet?.title ?? channel.id).replace(
          /^@/,
          '',
        ),
        followers: numberOrNull(channel.statistics?.subscriberCount),
        views: numberOrNull(channel.statistics?.viewCount),
      };
    },
  };
}

/** Instagram API with Instagram Login (professional accounts). */
function instagram(config: Config, id: string, secret: string): PlatformProvider {
  const oauth: OAuthClient = {
    name: 'Instagram',
    endpoints: {
      authorize: urlFor(config, 'https://www.instagram.com/oauth/authorize'),
      token: urlFor(config, 'https://api.instagram.com/oauth/access_token'),
    },
    client: { client_id: id },
    secret,
    scope: 'instagram_business_basic,instagram_business_manage_insights',
  };
  return {
    platform: 'instagram',
    authorizeUrl: (options) => pkceAuthorizeUrl(oauth, options),
    exchangeCode: (options) => exchangeCodeWithPkce(oauth, options),
    historyDays: INSTAGRAM_HISTORY_DAYS,
    readDays: (accessToken, igUserId, range) => readInstagramDays(config, accessToken, igUserId, range),
    revoke: (token) => revokeToken(config, 'instagram', token, { id, secret }),
    async refresh(refreshToken) {
      // Instagram refreshes the long-lived access token itself; the stored refresh token is that token.
      const url = new URL(urlFor(config, 'https://graph.instagram.com/refresh_access_token'));
      url.search = new URLSearchParams({
        grant_type: 'ig_refresh_token',
        access_token: refreshToken,
      }).toString();
      const answer = await call<TokenAnswer>('Instagram token refresh', url.toString());
      const tokens = tokensFrom('Instagram token refresh', answer);
      return { ...tokens, refreshToken: tokens.accessToken };
    },
    async readAccount(accessToken) {
      const url = new URL(urlFor(config, 'https://graph.instagram.com/me'));
      url.search = new URLSearchParams({
        fields: 'user_id,username,followers_count',
        access_token: accessToken,
      }).toString();
      const answer = await call<{
        user_id?: string;
        id?: string;
        username?: string;
        followers_count?: number;
      }>('Instagram account', url.toString());
      const userId = answer.user_id ?? answer.id;
      if (!userId || !answer.username)
        throw new ProviderError('Instagram account: no id or username in the answer');
      return {
        platformUserId: String(userId),
        platformUsername: answer.username,
        followers: numberOrNull(answer.followers_count),
        views: null,
      };
    },
  };
}

/** TikTok Login Kit v2: user.info.basic and user.info.stats. */
function tiktok(config: Config, key: string, secret: string): PlatformProvider {
  const oauth: OAuthClient = {
    name: 'TikTok',
    endpoints: {
      authorize: urlFor(config, 'https://www.tiktok.com/v2/auth/authorize/'),
      token: urlFor(config, 'https://open.tiktokapis.com/v2/oauth/token/'),
    },
    client: { client_key: key },
    secret,
    scope: 'user.info.basic,user.info.stats,video.list',
  };
  return {
    platform: 'tiktok',
    authorizeUrl: (options) => pkceAuthorizeUrl(oauth, options),
    exchangeCode: (options) => exchangeCodeWithPkce(oauth, options),
    refresh: (refreshToken) => refreshWithToken(oauth, refreshToken),
    historyDays: 0,
    readVideoViews: (accessToken) => readTiktokVideoViews(config, accessToken),
    revoke: (token) => revokeToken(config, 'tiktok', token, { id: key, secret }),
    async readAccount(accessToken) {
      const answer = await call<{
        data?: {
          user?: {
            open_id?: string;
            username?: string;
            display_name?: string;
            follower_count?: number;
            likes_count?: number;
          };
        };
      }>(
        'TikTok user',
        urlFor(
          config,
          'https://open.tiktokapis.com/v2/user/info/?fields=open_id,username,display_name,follower_count,likes_count',
        ),
        { headers: bearer(accessToken) },
      );
      const user = answer.data?.user;
      if (!user?.open_id) throw new ProviderError('TikTok user: no open_id in the answer');
      return {
        platformUserId: user.open_id,
        platformUsername: user.username ?? user.display_name ?? user.open_id,
        followers: numberOrNull(user.follower_count),
        views: null,
        likes: numberOrNull(user.likes_count),
      };
    },
  };
}

/** The providers this server has credentials for. */
export function platformProviders(config: Config): Partial<Record<ConnectablePlatform, PlatformProvider>> {
  const providers: Partial<Record<ConnectablePlatform, PlatformProvider>> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET)
    providers.youtube = youtube(config, config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET);
  if (config.INSTAGRAM_CLIENT_ID && config.INSTAGRAM_CLIENT_SECRET)
    providers.instagram = instagram(config, config.INSTAGRAM_CLIENT_ID, config.INSTAGRAM_CLIENT_SECRET);
  if (config.TIKTOK_CLIENT_KEY && config.TIKTOK_CLIENT_SECRET)
    providers.tiktok = tiktok(config, config.TIKTOK_CLIENT_KEY, config.TIKTOK_CLIENT_SECRET);
  return providers;
}

/** PKCE (RFC 7636): a random verifier and its S256 challenge; and an unguessable state. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const newState = () => randomBytes(24).toString('base64url');
