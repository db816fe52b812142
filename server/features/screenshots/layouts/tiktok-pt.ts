import type { ScreenLayout } from './types';

/** TikTok's analytics in Portuguese (Brazil): "Visualizações de publicações", "Visualizações do perfil", "Curtidas"; its "Recompensas estimadas" and "Total de seguidores" are spelled as in Spanish. */
export const tiktokPt = {
  id: 'tiktok/analytics.pt',
  platform: 'tiktok',
  name: 'TikTok analytics, in Portuguese',
  language: 'pt',
  recognisedBy: [
    'análises',
    'visão geral',
    'visualizações de publicações',
    'visualizações de vídeos',
    'visualizações do perfil',
    'curtidas',
    'recompensas estimadas',
    'total de seguidores',
    'seguidores',
    'últimos',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'visualizações de publicações', metric: 'views' },
    { label: 'visualizações de vídeos', metric: 'views' },
    { label: 'visualizações do perfil', metric: 'profile_views' },
    { label: 'recompensas estimadas', metric: 'revenue' },
    { label: 'recompensas est.', metric: 'revenue' },
    { label: 'total de seguidores', metric: 'followers' },
    { label: 'seguidores', metric: 'followers' },
    { label: 'curtidas', metric: 'likes' },
  ],
  likesBesideIcons: true,
} as const satisfies ScreenLayout;
