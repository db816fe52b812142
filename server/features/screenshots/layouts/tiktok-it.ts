import type { ScreenLayout } from './types';

/** TikTok's analytics in Italian: "Visualizzazioni dei post", "Visualizzazioni del profilo", "Follower totali", "Mi piace", "Premi stimati". */
export const tiktokIt = {
  id: 'tiktok/analytics.it',
  platform: 'tiktok',
  name: 'TikTok analytics, in Italian',
  language: 'it',
  recognisedBy: [
    'analisi',
    'panoramica',
    'visualizzazioni dei post',
    'visualizzazioni dei video',
    'visualizzazioni del profilo',
    'premi stimati',
    'follower totali',
    'mi piace',
    'ultimi',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'visualizzazioni dei post', metric: 'views' },
    { label: 'visualizzazioni dei video', metric: 'views' },
    { label: 'visualizzazioni del profilo', metric: 'profile_views' },
    { label: 'premi stimati', metric: 'revenue' },
    { label: 'follower totali', metric: 'followers' },
    { label: 'mi piace', metric: 'likes' },
  ],
  likesBesideIcons: true,
} as const satisfies ScreenLayout;
