import type { ScreenLayout } from './types';

/**
 * Instagram's insights in English, in the app and on the web: the professional dashboard, account
 * insights, a metric's detail (Views, Interactions, Followers) and a post's or reel's insights.
 * "New followers" counts those gained in the period: a change, never the account's followers.
 */
export const instagramAppEn = {
  id: 'instagram/insights.en',
  platform: 'instagram',
  name: 'Instagram insights, in English',
  language: 'en',
  recognisedBy: [
    'professional dashboard',
    'insights',
    'account insights',
    'accounts reached',
    'accounts engaged',
    'profile visits',
    'total followers',
    'followers',
    'non-followers',
    'views',
    'interactions',
    'reach',
    'follows',
    'unfollows',
    'growth',
    'top locations',
    'age range',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'accounts reached', metric: 'reach' },
    { label: 'accounts engaged', metric: 'engaged' },
    { label: 'profile visits', metric: 'profile_views' },
    // The dashboard prints how many are new in a pill beside it ("3 new").
    { label: 'total followers', metric: 'followers', badge: true },
    { label: 'new followers', metric: 'followers', kind: 'change' },
    { label: 'impressions', metric: 'impressions' },
    { label: 'followers', metric: 'followers' },
    { label: 'reach', metric: 'reach' },
    { label: 'views', metric: 'views' },
    { label: 'likes', metric: 'likes' },
  ],
  likesBesideIcons: true,
  // The professional dashboard's tiles.
  cardRows: [
    ['views', 'reach'],
    ['engaged', 'profile_views'],
  ],
} as const satisfies ScreenLayout;
