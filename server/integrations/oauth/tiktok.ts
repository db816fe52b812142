import type { Config } from '../../config';
import { readTiktokVideoViews, revokeToken } from './analytics';
import { bearer, call, numberOrNull, ProviderError, urlFor } from './http';
import { exchangeCodeWithPkce, type OAuthClient, pkceAuthorizeUrl, refreshWithToken } from './pkce-flow';
import type { PlatformProvider } from './platform-provider';

/** TikTok Login Kit v2: user.info.basic and user.info.stats. */
export function tiktokProvider(config: Config, key: string, secret: string): PlatformProvider {
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
