import type { Config } from '../../config';
import { INSTAGRAM_HISTORY_DAYS, readInstagramDays, revokeToken } from './analytics';
import { call, numberOrNull, ProviderError, urlFor } from './http';
import {
  exchangeCodeWithPkce,
  type OAuthClient,
  pkceAuthorizeUrl,
  type TokenAnswer,
  tokensFrom,
} from './pkce-flow';
import type { PlatformProvider } from './platform-provider';

/** Instagram API with Instagram Login (professional accounts). */
export function instagramProvider(config: Config, id: string, secret: string): PlatformProvider {
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
