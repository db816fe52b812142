import type { Config } from '../../config';
import { bearer, call, form, numberOrNull, ProviderError, urlFor } from './http';

/** One calendar day's figures from an analytics API, by our metric names (views, reach, revenue …). */
export type DayFigures = { day: string; values: Record<string, number> };

export type DayRange = { from: string; to: string };

export const DAY_MS = 24 * 3600 * 1000;
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** YouTube Analytics columns we read, by their header name, and what we call them. */
const YOUTUBE_COLUMNS: Record<string, { metric: string; scale?: number }> = {
  views: { metric: 'views' },
  estimatedMinutesWatched: { metric: 'watch_time_hours', scale: 1 / 60 },
  subscribersGained: { metric: 'subscribers_gained' },
  subscribersLost: { metric: 'subscribers_lost' },
  estimatedRevenue: { metric: 'revenue' },
};

type ResultTable = {
  columnHeaders?: { name: string; columnType?: string; dataType?: string }[];
  rows?: (string | number)[][];
};

/**
 * YouTube Analytics API v2 reports.query: one row per day for the channel, revenue in GBP. Columns are
 * found by their header's name, never by position, so a reordered answer reads the same.
 */
export async function readYoutubeDays(
  config: Config,
  accessToken: string,
  range: DayRange,
): Promise<DayFigures[]> {
  const query = (metrics: string[]) => {
    const url = new URL(urlFor(config, 'https://youtubeanalytics.googleapis.com/v2/reports'));
    url.search = new URLSearchParams({
      ids: 'channel==MINE',
      startDate: range.from,
      endDate: range.to,
      metrics: metrics.join(','),
      dimensions: 'day',
      sort: 'day',
      currency: 'GBP',
    }).toString();
    return call<ResultTable>('YouTube Analytics', url.toString(), { headers: bearer(accessToken) });
  };
  const metrics = Object.keys(YOUTUBE_COLUMNS);
  // A channel outside the Partner Programme (or a manager without access to its money) is refused
  // revenue metrics with a 403: its other figures are still worth reading.
  const table = await query(metrics).catch((error: unknown) => {
    if (!(error instanceof ProviderError && error.status === 403)) throw error;
    return query(metrics.filter((metric) => metric !== 'estimatedRevenue'));
  });
  const headers = (table.columnHeaders ?? []).map((header) => header.name);
  const dayColumn = headers.indexOf('day');
  if (dayColumn < 0) throw new ProviderError('YouTube Analytics: the answer has no day column');
  return (table.rows ?? []).map((row) => {
    const values: Record<string, number> = {};
    headers.forEach((name, index) => {
      const column = YOUTUBE_COLUMNS[name];
      const value = numberOrNull(row[index]);
      if (column && value !== null) values[column.metric] = value * (column.scale ?? 1);
    });
    return { day: String(row[dayColumn]), values };
  });
}

type VideoListAnswer = {
  data?: { videos?: { id: string; view_count?: number }[]; cursor?: number; has_more?: boolean };
  error?: { code?: string; message?: string };
};

/** The most recent videos TikTok's video/list is read for (five pages of twenty). */
const TIKTOK_RECENT_VIDEOS = 100;

/** TikTok v2 video/list: each recent video's lifetime view count, by video id. */
export async function readTiktokVideoViews(
  config: Config,
  accessToken: string,
): Promise<Record<string, number>> {
  const views: Record<string, number> = {};
  let cursor: number | undefined;
  for (let read = 0; read < TIKTOK_RECENT_VIDEOS; read += 20) {
    const answer = await call<VideoListAnswer>(
      'TikTok videos',
      urlFor(config, 'https://open.tiktokapis.com/v2/video/list/?fields=id,view_count'),
      {
        method: 'POST',
        headers: { ...bearer(accessToken), 'content-type': 'application/json' },
        body: JSON.stringify({ max_count: 20, ...(cursor === undefined ? {} : { cursor }) }),
      },
    );
    if (answer.error?.code && answer.error.code !== 'ok')
      throw new ProviderError(
        `TikTok videos: ${answer.error.code}`,
        answer.error.code === 'access_token_invalid' ? 'token-refused' : 'failed',
        null,
        null,
        answer.error.code === 'access_token_invalid' ? 'refused' : null,
      );
    for (const video of answer.data?.videos ?? []) views[video.id] = numberOrNull(video.view_count) ?? 0;
    if (!answer.data?.has_more) break;
    cursor = answer.data.cursor;
  }
  return views;
}

/** A 400 from a revoke endpoint is a token it no longer knows (expired, or revoked already): done. */
const isAlreadyGone = (error: unknown) => error instanceof ProviderError && error.status === 400;

/**
 * Tells Google or TikTok to forget a token (disconnecting); the Instagram API with Instagram Login has
 * no such endpoint. Any failure but "no such token" is thrown, for the revoke job to try again.
 */
export async function revokeToken(
  config: Config,
  platform: 'youtube' | 'tiktok',
  token: string,
  client: { id: string; secret: string },
): Promise<void> {
  const request =
    platform === 'youtube'
      ? call('Google revoke', urlFor(config, 'https://oauth2.googleapis.com/revoke'), form({ token }))
      : call(
          'TikTok revoke',
          urlFor(config, 'https://open.tiktokapis.com/v2/oauth/revoke/'),
          form({ client_key: client.id, client_secret: client.secret, token }),
        );
  await request.catch((error: unknown) => {
    if (!isAlreadyGone(error)) throw error;
  });
}
