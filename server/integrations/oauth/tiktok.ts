import type { Config } from '../../config';
import { readTiktokVideoViews, revokeToken } from './analytics';
import { bearer, call, numberOrNull, ProviderError, urlFor } from './http';
import { exchangeCodeWithPkce, type OAuthClient, pkceAuthorizeUrl, refreshWithToken } from './pkce-flow';
import type { PlatformProvider } from './platform-provider';

/**
 * The user/info fields read, each allowed by one scope (Get User Info's "Authorized Scope" column):
 * open_id and display_name by user.info.basic, username by user.info.profile, the counts by
 * user.info.stats. A field outside the granted scopes is refused with scope_not_authorized.
 */
const USER_FIELDS: Record<string, string> = {
  open_id: 'user.info.basic',
  display_name: 'user.info.basic',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  likes_count: 'user.info.stats',
};

/** A creator may untick any scope but user.info.basic: ask only for what they granted. */
const isGranted = (scopes: string[] | null, scope: string) => scopes === null || scopes.includes(scope);

/** TikTok Login Kit for Web, OAuth v2 (decision 042). */
export function tiktokProvider(config: Config, key: string, secret: string): PlatformProvider {
  const oauth: OAuthClient = {
    name: 'TikTok',
    endpoints: {
      authorize: urlFor(config, 'https://www.tiktok.com/v2/auth/authorize/'),
      token: urlFor(config, 'https://open.tiktokapis.com/v2/oauth/token/'),
    },
    client: { client_key: key },
    secret,
    scope: 'user.info.basic,user.info.profile,user.info.stats,video.list',
    challengeEncoding: 'hex',
  };
  return {
    platform: 'tiktok',
    authorizeUrl: (options) => pkceAuthorizeUrl(oauth, options),
    exchangeCode: (options) => exchangeCodeWithPkce(oauth, options),
    refresh: ({ refreshToken }) => refreshWithToken(oauth, refreshToken),
    refreshBeforeExpiryMs: 60_000,
    historyDays: 0,
    readVideoViews: async (accessToken, scopes) =>
      isGranted(scopes, 'video.list') ? readTiktokVideoViews(config, accessToken) : null,
    revoke: (token) => revokeToken(config, 'tiktok', token, { id: key, secret }),
    async readAccount(accessToken, scopes) {
      const fields = Object.keys(USER_FIELDS).filter((field) => isGranted(scopes, USER_FIELDS[field]!));
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
        error?: { code?: string; message?: string };
      }>(
        'TikTok user',
        urlFor(config, `https://open.tiktokapis.com/v2/user/info/?fields=${fields.join(',')}`),
        { headers: bearer(accessToken) },
      );
      if (answer.error?.code && answer.error.code !== 'ok')
        throw new ProviderError(`TikTok user: ${answer.error.code}`);
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
