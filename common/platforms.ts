import { z } from 'zod';

/** The platforms a creator can connect (three tiles). */
export const CONNECTABLE_PLATFORMS = ['youtube', 'instagram', 'tiktok'] as const;
export const connectablePlatformSchema = z.enum(CONNECTABLE_PLATFORMS, {
  message: `Choose the platform: ${CONNECTABLE_PLATFORMS.join(', ')}.`,
});
export type ConnectablePlatform = z.infer<typeof connectablePlatformSchema>;

export const CONNECTABLE_PLATFORM_NAMES: Record<ConnectablePlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

/** A platform connection, plus whether it was proven by signing in and how its sync went. */
export const platformConnectionSchema = z.object({
  id: z.string(),
  platform: connectablePlatformSchema,
  platformUserId: z.string(),
  platformUsername: z.string(),
  isActive: z.boolean(),
  /** Connected through the platform's sign-in; false for a handle linked by hand. */
  isVerified: z.boolean(),
  followers: z.number().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** What the last sync read ("Read 90 days of views, … and 48,200 followers."). */
  lastSyncRead: z.string().nullable(),
  lastSyncError: z.string().nullable(),
  createdAt: z.string(),
});
export type PlatformConnection = z.infer<typeof platformConnectionSchema>;

/** GET /api/platforms/providers: which platforms this server can connect through their sign-in. */
export const platformProvidersSchema = z.array(
  z.object({ platform: connectablePlatformSchema, isConfigured: z.boolean() }),
);
export type PlatformProviders = z.infer<typeof platformProvidersSchema>;

const HANDLE = /^@?[A-Za-z0-9._-]{1,60}$/;

/** POST /api/platforms: link a public handle by hand; it is stored as unverified. */
export const platformLinkSchema = z.object({
  platform: connectablePlatformSchema,
  platformUserId: z.string().trim().max(100).optional(),
  platformUsername: z
    .string({ message: 'Enter your handle, like @yourchannel.' })
    .max(300, 'Enter your handle, like @yourchannel, or your profile’s address.')
    .transform(handleFromInput)
    .pipe(
      z
        .string()
        .regex(
          HANDLE,
          'Enter your handle, like @yourchannel, or your profile’s address: letters, digits, dots, dashes and underscores.',
        ),
    ),
  isActive: z.boolean().optional().default(true),
});
export type PlatformLink = z.input<typeof platformLinkSchema>;

export const platformParamsSchema = z.object({ platform: connectablePlatformSchema });
export const connectionParamsSchema = z.object({ id: z.uuid({ message: 'That is not a connection id.' }) });

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

/**
 * A month where the creator typed YouTube Ads revenue and YouTube reports its own estimate: only the
 * creator's counts until they choose one (GET /api/platforms/youtube/revenue-overlaps).
 */
export const revenueOverlapSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  youtubeAmount: z.string(),
  typedAmount: z.string(),
  typedEntryCount: z.number().int(),
});
export type RevenueOverlap = z.infer<typeof revenueOverlapSchema>;

export const revenueMonthParamsSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Give the month as YYYY-MM, like 2026-10.'),
});
export const keepRevenueMonthSchema = z.object({
  keep: z.enum(['youtube', 'mine'], {
    message: 'Choose which figure to keep: "youtube" or "mine".',
  }),
});
export type KeepRevenueMonth = z.infer<typeof keepRevenueMonthSchema>;

/**
 * What a creator types or pastes for a handle: "@name", "name", or their profile's address
 * (youtube.com/@name, instagram.com/name, tiktok.com/@name), reduced to the handle.
 */
export function handleFromInput(input: string): string {
  const text = input.trim();
  const address =
    /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com|instagram\.com|tiktok\.com)\/(@?[^/?#\s]+)/i.exec(text);
  return (address ? address[1]! : text).replace(/^@/, '');
}
