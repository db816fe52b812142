import type { Config } from '../../config';
import { call, form, numberOrNull, ProviderError, urlFor } from './http';
import { INSTAGRAM_HISTORY_DAYS, readInstagramDays } from './instagram-insights';
import { type OAuthClient, pkceAuthorizeUrl, type TokenAnswer, tokensFrom } from './pkce-flow';
import type { PlatformProvider, ProviderTokens } from './platform-provider';

const DAY_MS = 24 * 3600 * 1000;

/** The code exchange's answer: the short-lived token, flat or (as Business Login shows it) in `data`. */
type ShortLivedAnswer = TokenAnswer & { user_id?: string | number; data?: TokenAnswer[] };

/**
 * Instagram API with Instagram Login (Business Login for Instagram, professional accounts). The code
 * gives a short-lived token (an hour), exchanged at once for a long-lived one (60 days), which is
 * refreshed with itself once it is at least a day old and before it lapses (decision 042). It has no
 * revoke endpoint: the creator removes the app in Instagram's settings, and the token lapses.
 */
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
    challengeEncoding: null,
  };
  /** graph.instagram.com's token endpoints take the token in the query and answer a fresh one. */
  const graphToken = async (what: string, path: string, params: Record<string, string>) => {
    const url = new URL(urlFor(config, `https://graph.instagram.com/${path}`));
    url.search = new URLSearchParams(params).toString();
    const tokens = tokensFrom(what, await call<TokenAnswer>(what, url.toString()));
    // The long-lived token refreshes itself: there is no separate refresh token to keep.
    return { ...tokens, refreshToken: null, scopes: null } satisfies ProviderTokens;
  };
  return {
    platform: 'instagram',
    authorizeUrl: (options) => pkceAuthorizeUrl(oauth, options),
    async exchangeCode({ code, redirectUri }) {
      const answer = await call<ShortLivedAnswer>(
        'Instagram token exchange',
        oauth.endpoints.token,
        form({
          client_id: id,
          client_secret: secret,
          grant_type: 'authorization_code',
          redirect_uri: redirectUri,
          code,
        }),
      );
      const shortLived = tokensFrom('Instagram token exchange', answer.data?.[0] ?? answer);
      return graphToken('Instagram long-lived token', 'access_token', {
        grant_type: 'ig_exchange_token',
        client_secret: secret,
        access_token: shortLived.accessToken,
      });
    },
    refresh: ({ accessToken }) =>
      graphToken('Instagram token refresh', 'refresh_access_token', {
        grant_type: 'ig_refresh_token',
        access_token: accessToken,
      }),
    // A 60-day token with under 30 days left is at least 30 days old: past the day Instagram requires.
    refreshBeforeExpiryMs: 30 * DAY_MS,
    historyDays: INSTAGRAM_HISTORY_DAYS,
    readDays: (accessToken, igUserId, range) => readInstagramDays(config, accessToken, igUserId, range),
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
