import type { ScreenLayout } from './types';

/**
 * YouTube Studio in English: the channel dashboard and channel analytics on the web, and the Studio
 * app's analytics. The Overview's Subscribers card states the period's change ("+12,304"); the
 * Realtime panel beside it counts subscribers live and views in the last 48 hours.
 */
export const youtubeStudioEn = {
  id: 'youtube/studio.en',
  platform: 'youtube',
  name: 'YouTube Studio, in English',
  language: 'en',
  recognisedBy: [
    'channel analytics',
    'channel dashboard',
    'youtube studio',
    'studio',
    'your channel',
    'watch time',
    'subscribers',
    'views',
    'impressions',
    'estimated revenue',
    'last 28 days',
    'realtime',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'estimated revenue', metric: 'revenue' },
    { label: 'watch time (hours)', metric: 'watch_time_hours' },
    { label: 'watch time', metric: 'watch_time_hours' },
    { label: 'current subscribers', metric: 'subscribers', figureAbove: true },
    { label: 'subscribers', metric: 'subscribers' },
    { label: 'impressions', metric: 'impressions' },
    { label: 'views', metric: 'views' },
    { label: 'views · last 48 hours', metric: 'views', kind: 'realtime', figureAbove: true },
    { label: 'views · last 60 minutes', metric: 'views', kind: 'realtime', figureAbove: true },
  ],
  realtime: { headings: ['realtime', 'updating live'], figuresAbove: true },
} as const satisfies ScreenLayout;
