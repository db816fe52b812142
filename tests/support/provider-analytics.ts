import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';
import type { Token } from './oauth-grants';

/**
 * The analytics endpoints of the provider stand-in (tests/support/oauth-providers.ts), answering in the
 * shapes their reference pages give: YouTube Analytics v2 reports.query (columnHeaders + rows),
 * Instagram's /{ig-user-id}/insights (period=day: time series, or views as a total_value) and TikTok's
 * v2 video/list. The figures are the test's to set, and to revise.
 */
export type YoutubeDay = {
  views: number;
  estimatedMinutesWatched: number;
  subscribersGained: number;
  subscribersLost: number;
  estimatedRevenue: number;
};
export type InstagramDay = { reach: number; views: number; follower_count: number };
export type TiktokVideo = { id: string; view_count: number; create_time: number };

export type ProviderAnalytics = {
  youtube: Map<string, YoutubeDay>;
  instagram: Map<string, InstagramDay>;
  tiktokVideos: TiktokVideo[];
  /** The channel is outside the Partner Programme: revenue metrics answer 403. */
  isYoutubeWithoutRevenue: boolean;
  /** Every analytics request, with its query (and body), in order. */
  requests: { platform: ConnectablePlatform; path: string; query: Record<string, string>; body?: unknown }[];
};

export const newAnalytics = (): ProviderAnalytics => ({
  youtube: new Map(),
  instagram: new Map(),
  tiktokVideos: [],
  isYoutubeWithoutRevenue: false,
  requests: [],
});

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Sends a JSON answer; true, for "this request was answered". */
function json(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
  return true;
}

/** YouTube Analytics' metric columns: integers, except revenue, a currency. */
const YOUTUBE_TYPES: Record<string, string> = {
  views: 'INTEGER',
  estimatedMinutesWatched: 'INTEGER',
  subscribersGained: 'INTEGER',
  subscribersLost: 'INTEGER',
  estimatedRevenue: 'CURRENCY',
};

/** What the analytics endpoints need to know beyond the figures. */
export type AnalyticsContext = {
  /** The working token the request bears, if any. */
  token: Token | undefined;
  /** Graph's answer to a token it will not take (code 190). */
  graphTokenError: () => unknown;
  instagramFollowers: number;
};

/** Answers an analytics request; false if the request is not one. */
export async function answerAnalytics(
  analytics: ProviderAnalytics,
  context: AnalyticsContext,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const platform = context.token?.platform;
  const query = Object.fromEntries(url.searchParams);
  if (url.pathname === '/youtubeanalytics.googleapis.com/v2/reports') {
    if (platform !== 'youtube')
      return json(response, 401, {
        error: { code: 401, message: 'Invalid Credentials', status: 'UNAUTHENTICATED' },
      });
    analytics.requests.push({ platform, path: url.pathname, query });
    const metrics = (query.metrics ?? '').split(',');
    if (query.ids !== 'channel==MINE' || query.dimensions !== 'day' || metrics.some((m) => !YOUTUBE_TYPES[m]))
      return json(response, 400, {
        error: { code: 400, message: 'Unknown identifier', status: 'INVALID_ARGUMENT' },
      });
    if (analytics.isYoutubeWithoutRevenue && metrics.includes('estimatedRevenue'))
      return json(response, 403, {
        error: {
          code: 403,
          message: 'Forbidden',
          errors: [{ message: 'Forbidden', domain: 'global', reason: 'forbidden' }],
        },
      });
    const days = [...analytics.youtube.keys()]
      .filter((day) => day >= query.startDate! && day <= query.endDate!)
      .sort();
    json(response, 200, {
      kind: 'youtubeAnalytics#resultTable',
      columnHeaders: [
        { name: 'day', columnType: 'DIMENSION', dataType: 'STRING' },
        ...metrics.map((name) => ({ name, columnType: 'METRIC', dataType: YOUTUBE_TYPES[name] })),
      ],
      // YouTube leaves `rows` out when there is no data.
      ...(days.length > 0
        ? {
            rows: days.map((day) => {
              const figures = analytics.youtube.get(day)! as Record<string, number>;
              return [day, ...metrics.map((name) => figures[name])];
            }),
          }
        : {}),
    });
    return true;
  }
  const insights = /^\/graph\.instagram\.com\/([^/]+)\/insights$/.exec(url.pathname);
  if (insights) {
    if (platform !== 'instagram') return json(response, 400, context.graphTokenError());
    analytics.requests.push({ platform, path: url.pathname, query });
    if (!context.token!.scopes.includes('instagram_business_manage_insights'))
      return json(response, 403, {
        error: {
          message: '(#10) Application does not have permission for this action',
          type: 'OAuthException',
          code: 10,
        },
      });
    // Instagram has no follower_count for an account under 100 followers (Account Insights, Limitations).
    if (query.metric?.split(',').includes('follower_count') && context.instagramFollowers < 100)
      return json(response, 400, {
        error: {
          message: '(#100) follower_count is not available for accounts with fewer than 100 followers',
          type: 'OAuthException',
          code: 100,
        },
      });
    const since = Number(query.since) * 1000;
    const until = Number(query.until) * 1000;
    const days = [...analytics.instagram.keys()]
      .filter((day) => Date.parse(`${day}T00:00:00Z`) >= since && Date.parse(`${day}T00:00:00Z`) < until)
      .sort();
    const names = (query.metric ?? '').split(',');
    const titles: Record<string, string> = {
      reach: 'Accounts reached',
      follower_count: 'Follower count',
      views: 'Views',
    };
    json(response, 200, {
      data: names.map((name) => ({
        name,
        period: 'day',
        title: titles[name] ?? name,
        description: `The ${titles[name] ?? name} of the account.`,
        id: `${insights[1]}/insights/${name}/day`,
        ...(query.metric_type === 'total_value'
          ? {
              total_value: {
                value: days.reduce(
                  (sum, day) => sum + (analytics.instagram.get(day) as Record<string, number>)[name]!,
                  0,
                ),
              },
            }
          : {
              // Each value closes its day: end_time is the next day's start in Pacific time.
              values: days.map((day) => ({
                value: (analytics.instagram.get(day) as Record<string, number>)[name],
                end_time: `${dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS)}T08:00:00+0000`,
              })),
            }),
      })),
      paging: { previous: '', next: '' },
    });
    return true;
  }
  if (url.pathname === '/open.tiktokapis.com/v2/video/list/' && request.method === 'POST') {
    let text = '';
    for await (const chunk of request) text += chunk;
    const body = JSON.parse(text || '{}') as { max_count?: number; cursor?: number };
    const logId = `20261124${String(analytics.requests.length).padStart(6, '0')}`;
    if (platform !== 'tiktok')
      return json(response, 401, {
        data: {},
        error: {
          code: 'access_token_invalid',
          message: 'The access token is invalid or not found in the request.',
          log_id: logId,
        },
      });
    analytics.requests.push({ platform, path: url.pathname, query, body });
    if (!context.token!.scopes.includes('video.list'))
      return json(response, 401, {
        data: {},
        error: {
          code: 'scope_not_authorized',
          message: 'The user did not authorize the scope required.',
          log_id: logId,
        },
      });
    // Newest first; the cursor is the create_time (ms) to continue below.
    const videos = [...analytics.tiktokVideos]
      .sort((a, b) => b.create_time - a.create_time)
      .filter((video) => body.cursor === undefined || video.create_time * 1000 < body.cursor);
    const page = videos.slice(0, Math.min(body.max_count ?? 10, 20));
    const fields = (query.fields ?? 'id').split(',');
    json(response, 200, {
      data: {
        videos: page.map((video) =>
          Object.fromEntries(fields.map((field) => [field, (video as Record<string, unknown>)[field]])),
        ),
        cursor: page.length > 0 ? page.at(-1)!.create_time * 1000 : 0,
        has_more: videos.length > page.length,
      },
      error: { code: 'ok', message: '', log_id: logId },
    });
    return true;
  }
  return false;
}

/** A steady channel's settled days up to two days before `today`: what a real channel's history looks like. */
export function seedSteadyChannel(analytics: ProviderAnalytics, today: Date, days = 120) {
  const midnight = Date.parse(today.toISOString().slice(0, 10));
  for (let back = days + 1; back >= 2; back -= 1) {
    const day = dayOf(midnight - back * DAY_MS);
    const weekday = new Date(day).getUTCDay();
    const views = (weekday === 0 || weekday === 6 ? 11_500 : 9_000) + ((back * 37) % 900);
    analytics.youtube.set(day, {
      views,
      estimatedMinutesWatched: views * 4,
      subscribersGained: 40 + (back % 9),
      subscribersLost: 12,
      estimatedRevenue: Math.round(views * 0.31) / 100,
    });
  }
}
