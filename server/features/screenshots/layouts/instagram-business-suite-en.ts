import type { ScreenLayout } from './types';

/**
 * Meta Business Suite's insights on the desktop, in English: Facebook's results beside Instagram's,
 * a row of result cards, an audience table, and a Top content table whose Likes are each post's own
 * (so "likes" names no figure of the account here). The Followers card says "Instagram · Lifetime"
 * between its caption and its figure.
 */
export const instagramBusinessSuiteEn = {
  id: 'instagram/business-suite.en',
  platform: 'instagram',
  name: 'Meta Business Suite insights, in English',
  language: 'en',
  recognisedBy: [
    'business suite',
    'results',
    'see all results',
    'content interactions',
    'link clicks',
    'benchmarking',
    'competitors',
    'exported reports',
    'facebook',
    'compared with',
    'top content',
    'top posts by reach',
    'page likes',
    'audience',
    'views',
    'reach',
    'profile visits',
    'followers',
    'follows',
  ],
  recognisedAt: 4,
  captions: [
    { label: 'accounts reached', metric: 'reach' },
    { label: 'profile visits', metric: 'profile_views' },
    { label: 'total followers', metric: 'followers' },
    { label: 'followers', metric: 'followers' },
    { label: 'reach', metric: 'reach' },
    { label: 'views', metric: 'views' },
  ],
  notFigures: ['instagram · lifetime', 'facebook · lifetime', 'lifetime'],
} as const satisfies ScreenLayout;
