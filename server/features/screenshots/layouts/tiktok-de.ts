import type { ScreenLayout } from './types';

/** TikTok's analytics in German: "Beitragsaufrufe", "Profilaufrufe", "Follower insgesamt", "Geschätzte Prämien". */
export const tiktokDe = {
  id: 'tiktok/analytics.de',
  platform: 'tiktok',
  name: 'TikTok analytics, in German',
  language: 'de',
  recognisedBy: [
    'analysen',
    'übersicht',
    'beitragsaufrufe',
    'videoaufrufe',
    'profilaufrufe',
    'follower insgesamt',
    'follower',
    'geschätzte prämien',
    'letzte 28 tage',
    'letzte 7 tage',
    'letzten 28 tage',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'beitragsaufrufe', metric: 'views' },
    { label: 'videoaufrufe', metric: 'views' },
    { label: 'profilaufrufe', metric: 'profile_views' },
    { label: 'geschätzte prämien', metric: 'revenue' },
    { label: 'follower insgesamt', metric: 'followers' },
    { label: 'likes', metric: 'likes' },
  ],
  likesBesideIcons: true,
} as const satisfies ScreenLayout;
