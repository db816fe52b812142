import { z } from 'zod';

/** The platforms a creator can connect (spec §2: three tiles). */
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

/** Spec §3: a platform connection, plus whether it was proven by signing in and how its sync went. */
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

/** POST /api/platforms (spec §7): link a public handle by hand; it is stored as unverified. */
export const platformLinkSchema = z.object({
  platform: connectablePlatformSchema,
  platformUserId: z.string().trim().max(100).optional(),
  platformUsername: z
    .string({ message: 'Enter your handle, like @yourchannel.' })
    .trim()
    .regex(HANDLE, 'Enter your handle, like @yourchannel: letters, digits, dots, dashes and underscores.')
    .transform((handle) => handle.replace(/^@/, '')),
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
};

export const metricLabel = (key: string) => METRIC_LABELS[key] ?? key.replaceAll('_', ' ');

/** A platform's name, for the three that connect and any other (as stored). */
export const platformName = (platform: string) =>
  CONNECTABLE_PLATFORM_NAMES[platform as ConnectablePlatform] ?? platform;
