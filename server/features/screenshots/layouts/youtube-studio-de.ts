import type { ScreenLayout } from './types';

/** YouTube Studio in German: "Kanalanalysen", "Aufrufe", "Abonnenten", its "Echtzeit" panel. */
export const youtubeStudioDe = {
  id: 'youtube/studio.de',
  platform: 'youtube',
  name: 'YouTube Studio, in German',
  language: 'de',
  recognisedBy: [
    'kanalanalysen',
    'kanal-dashboard',
    'dein kanal',
    'wiedergabezeit',
    'abonnenten',
    'aufrufe',
    'impressionen',
    'geschätzter umsatz',
    'letzte 28 tage',
    'echtzeit',
  ],
  recognisedAt: 2,
  captions: [
    { label: 'geschätzter umsatz', metric: 'revenue' },
    { label: 'wiedergabezeit (stunden)', metric: 'watch_time_hours' },
    { label: 'wiedergabezeit', metric: 'watch_time_hours' },
    { label: 'aktuelle abonnenten', metric: 'subscribers', figureAbove: true },
    { label: 'abonnenten', metric: 'subscribers' },
    { label: 'impressionen', metric: 'impressions' },
    { label: 'aufrufe', metric: 'views' },
    { label: 'aufrufe · letzte 48 stunden', metric: 'views', kind: 'realtime', figureAbove: true },
  ],
  realtime: { headings: ['echtzeit', 'live-aktualisierung'], figuresAbove: true },
} as const satisfies ScreenLayout;
