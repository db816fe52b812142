// Platform names and the figures read from them, as a creator reads them: free of zod, for the pages.

/** The platforms a creator can connect (three tiles). */
export const CONNECTABLE_PLATFORMS = ['youtube', 'instagram', 'tiktok'] as const;
export type ConnectablePlatform = (typeof CONNECTABLE_PLATFORMS)[number];

export const CONNECTABLE_PLATFORM_NAMES: Record<ConnectablePlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

/** What /api/connect/{platform}/callback tells the health check screen, in its query string. */
export const CONNECTION_OUTCOMES = ['connected', 'denied', 'failed', 'not-configured'] as const;
export type ConnectionOutcome = (typeof CONNECTION_OUTCOMES)[number];

/** The figures read from platforms (sync or screenshots), as a creator reads them. */
export const METRIC_LABELS: Record<string, string> = {
  views: 'Views',
  watch_time_hours: 'Watch time (hours)',
  subscribers: 'Subscribers',
  followers: 'Followers',
  impressions: 'Impressions',
  reach: 'Accounts reached',
  engaged: 'Accounts engaged',
  profile_views: 'Profile views',
  likes: 'Likes',
  revenue: 'Estimated revenue',
  subscribers_gained: 'Subscribers gained',
  subscribers_lost: 'Subscribers lost',
  new_followers: 'New followers',
};

export const metricLabel = (key: string) => METRIC_LABELS[key] ?? key.replaceAll('_', ' ');

/** A platform's name, for the three that connect and any other (as stored). */
export const platformName = (platform: string) =>
  CONNECTABLE_PLATFORM_NAMES[platform as ConnectablePlatform] ?? platform;
