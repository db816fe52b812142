import type { ConnectablePlatform } from '@common/platforms';
import type { DayFigures, DayRange } from './analytics';

/** What the platforms feature asks of a connected platform, whichever provider is behind it. */
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
