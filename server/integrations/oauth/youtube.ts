import type { Config } from '../../config';
import { readYoutubeDays, revokeToken } from './analytics';
import { bearer, call, numberOrNull, ProviderError, urlFor } from './http';
import { exchangeCodeWithPkce, type OAuthClient, pkceAuthorizeUrl, refreshWithToken } from './pkce-flow';
import type { PlatformProvider } from './platform-provider';

/**
 * Google: YouTube Data API and YouTube Analytics, read-only. OAuth 2.0 for web server applications
 * with PKCE; the access token lasts an hour, the refresh token until revoked (decision 042).
 */
export function youtubeProvider(config: Config, id: string, secret: string): PlatformProvider {
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
    challengeEncoding: 'base64url',
    // A refresh token on every consent, so the daily sync keeps working.
    authorizeExtras: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
  };
  return {
    platform: 'youtube',
    authorizeUrl: (options) => pkceAuthorizeUrl(oauth, options),
    exchangeCode: (options) => exchangeCodeWithPkce(oauth, options),
    refresh: ({ refreshToken }) => refreshWithToken(oauth, refreshToken),
    refreshBeforeExpiryMs: 60_000,
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
