// What the screenshot panels show and accept: free of zod, for the pages.

/** Screenshot upload panels exist for these three. */
export const SCREENSHOT_PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export type ScreenshotPlatform = (typeof SCREENSHOT_PLATFORMS)[number];

/** Where a screenshot's reading stands; `no_figures` is text read with none of the platform's figures in it. */
export const SCREENSHOT_STATUSES = ['pending', 'analysed', 'no_figures', 'failed'] as const;
export type ScreenshotStatus = (typeof SCREENSHOT_STATUSES)[number];

/** JPEG, PNG and WebP, at most 10 MB each. */
export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;
export const MAX_SCREENSHOTS_PER_UPLOAD = 10;

/**
 * The figures read from each platform's screens, in the order a form to type them shows them: the
 * same fields the reader fills.
 */
export const SCREENSHOT_FIELDS: Record<ScreenshotPlatform, readonly string[]> = {
  youtube: ['views', 'watch_time_hours', 'subscribers', 'impressions', 'revenue'],
  instagram: ['reach', 'engaged', 'followers', 'views', 'profile_views', 'impressions', 'likes'],
  tiktok: ['views', 'profile_views', 'likes', 'followers', 'revenue'],
};

/** What a screenshot that could not be read at all says, above the form to type its figures. */
export const NOTHING_READ = "Couldn't read this screen";

/**
 * What a screenshot whose text was read, but held none of the platform's figures, says: above the
 * lines that were seen (so the creator can tell a wrong screen from a misread one) and the same form.
 */
export const NO_FIGURES_FOUND = 'No figures found on this screen';

/** At most this many of the lines seen are kept and shown, each cut to `SEEN_LINE_LENGTH` characters. */
export const SEEN_LINES = 12;
export const SEEN_LINE_LENGTH = 80;

/**
 * Screenshots of a platform before a fall in one of its figures can be judged: each is one reading,
 * and the latest is compared with the median of those before it (at least three, up to six), as
 * months of revenue are (server/features/alerts/detection.ts, detectMonthlyDrop).
 */
export const SCREENSHOTS_FOR_ALERTS = 4;

/** How a figure may be typed: as the screen shows it. */
export const FIGURE_HINT = 'as the screen shows it, like 1.2M, 12.3K or £3,412.50';

export function acceptsScreenshotType(type: string): boolean {
  return (SCREENSHOT_TYPES as readonly string[]).includes(type);
}
