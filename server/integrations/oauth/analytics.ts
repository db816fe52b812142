import type { Config } from '../../config';
import { bearer, call, form, numberOrNull, ProviderError, urlFor } from './http';

/** One calendar day's figures from an analytics API, by our metric names (views, reach, revenue …). */
export type DayFigures = { day: string; values: Record<string, number> };

export type DayRange = { from: string; to: string };

const DAY_MS = 24 * 3600 * 1000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) =>
  new Date(dayStart(day) + days * DAY_MS).toISOString().slice(0, 10);

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

type InsightsAnswer = {
  data?: {
    name: string;
    period?: string;
    values?: { value: number; end_time: string }[];
    total_value?: { value: number };
  }[];
};

/** Instagram keeps account insights for 30 days back. */
export const INSTAGRAM_HISTORY_DAYS = 30;
const INSTAGRAM_SERIES: Record<string, string> = { reach: 'reach', follower_count: 'new_followers' };

/**
 * Instagram API with Instagram Login, /{ig-user-id}/insights with period=day: reach and new followers
 * as a daily time series (each value's end_time closes the day it counts), and views, which Instagram
 * gives only as a total over a range, asked for one day at a time.
 */
export async function readInstagramDays(
  config: Config,
  accessToken: string,
  igUserId: string,
  range: DayRange,
): Promise<DayFigures[]> {
  const insights = (params: Record<string, string>) => {
    const url = new URL(urlFor(config, `https://graph.instagram.com/${igUserId}/insights`));
    url.search = new URLSearchParams({ ...params, period: 'day', access_token: accessToken }).toString();
    return call<InsightsAnswer>('Instagram insights', url.toString());
  };
  const seconds = (day: string) => String(dayStart(day) / 1000);
  const byDay = new Map<string, Record<string, number>>();
  const put = (day: string, metric: string, value: number) =>
    byDay.set(day, { ...byDay.get(day), [metric]: value });

  const series = await insights({
    metric: Object.keys(INSTAGRAM_SERIES).join(','),
    since: seconds(range.from),
    until: seconds(addDays(range.to, 1)),
  });
  for (const metric of series.data ?? []) {
    const name = INSTAGRAM_SERIES[metric.name];
    if (!name) continue;
    for (const point of metric.values ?? []) {
      const day = new Date(Date.parse(point.end_time) - DAY_MS).toISOString().slice(0, 10);
      const value = numberOrNull(point.value);
      if (value !== null && day >= range.from && day <= range.to) put(day, name, value);
    }
  }
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const total = await insights({
      metric: 'views',
      metric_type: 'total_value',
      since: seconds(day),
      until: seconds(addDays(day, 1)),
    });
    const value = numberOrNull(total.data?.find((metric) => metric.name === 'views')?.total_value?.value);
    if (value !== null) put(day, 'views', value);
  }
  return [...byDay].sort(([a], [b]) => a.localeCompare(b)).map(([day, values]) => ({ day, values }));
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
        answer.error.code === 'access_token_invalid',
      );
    for (const video of answer.data?.videos ?? []) views[video.id] = numberOrNull(video.view_count) ?? 0;
    if (!answer.data?.has_more) break;
    cursor = answer.data.cursor;
  }
  return views;
}

/**
 * Tells the provider to forget a token (disconnecting). Google and TikTok have an endpoint for it;
 * the Instagram API with Instagram Login has none (the creator removes the app in Instagram's
 * settings), so Instagram's tokens are only deleted here and run out in at most 60 days.
 */
export async function revokeToken(
  config: Config,
  platform: 'youtube' | 'instagram' | 'tiktok',
  token: string,
  client: { id: string; secret: string },
): Promise<boolean> {
  if (platform === 'youtube') {
    await call('Google revoke', urlFor(config, 'https://oauth2.googleapis.com/revoke'), form({ token }));
    return true;
  }
  if (platform === 'tiktok') {
    await call(
      'TikTok revoke',
      urlFor(config, 'https://open.tiktokapis.com/v2/oauth/revoke/'),
      form({ client_key: client.id, client_secret: client.secret, token }),
    );
    return true;
  }
  return false;
}
