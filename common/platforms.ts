import { z } from 'zod';
import { CONNECTABLE_PLATFORMS } from './platform-names';

// The names and labels live apart, free of zod, so the pages that show them do not download it.
export {
  CONNECTABLE_PLATFORM_NAMES,
  CONNECTABLE_PLATFORMS,
  CONNECTION_OUTCOMES,
  type ConnectablePlatform,
  type ConnectionOutcome,
  METRIC_LABELS,
  metricLabel,
  platformName,
} from './platform-names';

export const connectablePlatformSchema = z.enum(CONNECTABLE_PLATFORMS, {
  message: `Choose the platform: ${CONNECTABLE_PLATFORMS.join(', ')}.`,
});
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
  /** Only reconnecting mends it (the grant was refused); otherwise an error is a read that waits. */
  needsReconnect: z.boolean(),
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
