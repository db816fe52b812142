import type { ScreenLayout } from './types';

/** TikTok's analytics in English: the app's Analytics tabs, TikTok Studio on the web and in the app, a post's analytics, LIVE and the Creator Rewards Program. "Net followers" is the period's change. */
export const tiktokEn = {
  id: 'tiktok/analytics.en',
  platform: 'tiktok',
  name: 'TikTok analytics, in English',
  language: 'en',
  recognisedBy: [
    'analytics',
    'tiktok studio',
    'overview',
    'key metrics',
    'post views',
    'video views',
    'profile views',
    'total followers',
    'net followers',
    'followers',
    'likes',
    'estimated rewards',
    'last 28 days',
    'last 7 days',
    'last 60 days',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'estimated rewards', metric: 'revenue' },
    { label: 'est. rewards', metric: 'revenue' },
    { label: 'video views', metric: 'views' },
    { label: 'post views', metric: 'views' },
    { label: 'profile views', metric: 'profile_views' },
    { label: 'total followers', metric: 'followers' },
    { label: 'net followers', metric: 'followers', kind: 'change' },
    { label: 'followers', metric: 'followers' },
    { label: 'likes', metric: 'likes' },
  ],
  likesBesideIcons: true,
  distances: {
    // The app's person-with-a-plus icon before "Followers", read as "2+", stands 0.66 of its height
    // from the caption on tiktok/app-overview-badge-2026#3 (0.77 on #1): nearer than the general
    // reader's 0.7, so the caption was lost.
    iconGap: 0.55,
  },
} as const satisfies ScreenLayout;
