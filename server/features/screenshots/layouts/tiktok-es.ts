import type { ScreenLayout } from './types';

/** TikTok's analytics in Spanish: "Visualizaciones de publicaciones", "Visitas al perfil", "Total de seguidores", "Me gusta". */
export const tiktokEs = {
  id: 'tiktok/analytics.es',
  platform: 'tiktok',
  name: 'TikTok analytics, in Spanish',
  language: 'es',
  recognisedBy: [
    'estadísticas',
    'resumen',
    'visualizaciones de publicaciones',
    'visualizaciones de videos',
    'visualizaciones del perfil',
    'visitas al perfil',
    'visualizaciones',
    'recompensas estimadas',
    'total de seguidores',
    'seguidores',
    'me gusta',
    'últimos',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'visualizaciones de publicaciones', metric: 'views' },
    { label: 'visualizaciones de videos', metric: 'views' },
    { label: 'visualizaciones del perfil', metric: 'profile_views' },
    { label: 'visitas al perfil', metric: 'profile_views' },
    { label: 'visualizaciones', metric: 'views' },
    { label: 'recompensas estimadas', metric: 'revenue' },
    { label: 'recompensas est.', metric: 'revenue' },
    { label: 'total de seguidores', metric: 'followers' },
    { label: 'seguidores', metric: 'followers' },
    { label: 'me gusta', metric: 'likes' },
  ],
  likesBesideIcons: true,
} as const satisfies ScreenLayout;
