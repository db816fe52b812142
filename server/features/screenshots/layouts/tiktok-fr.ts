import type { ScreenLayout } from './types';

/** TikTok's analytics in French: "Vues des publications", "Vues du profil", "Total des abonnés", "J'aime" (often read without its apostrophe). */
export const tiktokFr = {
  id: 'tiktok/analytics.fr',
  platform: 'tiktok',
  name: 'TikTok analytics, in French',
  language: 'fr',
  recognisedBy: [
    'statistiques',
    'aperçu',
    'vues des publications',
    'vues des vidéos',
    'vues du profil',
    'total des abonnés',
    'abonnés',
    "j'aime",
    'récompenses est.',
    'derniers jours',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'vues des publications', metric: 'views' },
    { label: 'vues des vidéos', metric: 'views' },
    { label: 'vues du profil', metric: 'profile_views' },
    { label: 'récompenses est.', metric: 'revenue' },
    { label: 'total des abonnés', metric: 'followers' },
    { label: 'abonnés', metric: 'followers' },
    { label: "j'aime", metric: 'likes' },
    { label: 'jaime', metric: 'likes' },
  ],
  likesBesideIcons: true,
} as const satisfies ScreenLayout;
