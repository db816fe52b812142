import type { ConnectablePlatform } from '@common/platforms';
import type { DayFigures, DayRange } from './analytics';

/** What the platforms feature asks of a connected platform, whichever provider is behind it. */
export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | null;
  /** How long the access token works from now, when the provider says (the caller dates it). */
  expiresInSeconds: number | null;
  /** The scopes granted, when the answer says (TikTok's `scope`); null when it does not. */
  scopes: string[] | null;
};

export type ProviderAccount = {
  platformUserId: string;
  platformUsername: string;
  followers: number | null;
  views: number | null;
  likes?: number | null;
};

export type PlatformProvider = {
  platform: ConnectablePlatform;
  authorizeUrl(options: { state: string; codeVerifier: string; redirectUri: string }): string;
  /** The code exchanged for the tokens the connection keeps (Instagram's already long-lived). */
  exchangeCode(options: { code: string; codeVerifier: string; redirectUri: string }): Promise<ProviderTokens>;
  /** New tokens from the kept ones: a refresh token (Google, TikTok) or the access token (Instagram). */
  refresh(current: { accessToken: string; refreshToken: string | null }): Promise<ProviderTokens>;
  /**
   * How long before the access token's expiry it is renewed on a read: a minute for Google and TikTok,
   * whose refresh tokens outlive it; for Instagram, whose token refreshes itself and only once it is a
   * day old, a whole month before, so daily reads have many chances.
   */
  refreshBeforeExpiryMs: number;
  /** The account, asking only what the granted scopes allow (null: everything asked for was granted). */
  readAccount(accessToken: string, scopes: string[] | null): Promise<ProviderAccount>;
  /** How many days back the platform's analytics go (0: it keeps no daily history we can read). */
  historyDays: number;
  /** Per-day figures for the account, oldest first; only the days the platform has settled. */
  readDays?(accessToken: string, platformUserId: string, range: DayRange): Promise<DayFigures[]>;
  /** Each recent video's lifetime views (TikTok, whose daily views we work out from these). */
  readVideoViews?(accessToken: string, scopes: string[] | null): Promise<Record<string, number> | null>;
  /**
   * Revokes the grant at the provider (absent where it has no way to: Instagram). A token the provider
   * no longer knows counts as revoked; any other failure is thrown, for the job to try again.
   */
  revoke?(token: string): Promise<void>;
};
