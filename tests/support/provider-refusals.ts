import type { ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';

// How the providers' stand-in (oauth-providers.ts) refuses: TikTok's fields and the scopes that allow
// them, YouTube's spent quota, and each platform's own way of throttling (docs/decisions/042).

/** TikTok's user/info fields, each with the scope that allows it (Get User Info's "Authorized Scope"). */
export const TIKTOK_FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};

const pacificTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Los_Angeles',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** The next midnight in Pacific time after `at`, found minute by minute. */
export function nextPacificMidnight(at: number) {
  let minute = Math.floor(at / 60_000) * 60_000 + 60_000;
  while (pacificTime.format(minute) !== '00:00') minute += 60_000;
  return minute;
}

export const QUOTA_SPENT = {
  error: {
    code: 403,
    message: 'The request cannot be completed because you have exceeded your quota.',
    errors: [
      {
        message: 'The request cannot be completed because you have exceeded your quota.',
        domain: 'youtube.quota',
        reason: 'quotaExceeded',
      },
    ],
  },
};

export function throttle(response: ServerResponse, platform: ConnectablePlatform, retryAfter: number) {
  if (platform === 'instagram') {
    response.writeHead(403, {
      'content-type': 'application/json',
      'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 40, total_time: 62 }),
      ...(retryAfter > 0
        ? {
            'x-business-use-case-usage': JSON.stringify({
              '17841400000000001': [
                {
                  type: 'instagram',
                  call_count: 100,
                  total_cputime: 30,
                  total_time: 45,
                  estimated_time_to_regain_access: Math.ceil(retryAfter / 60),
                },
              ],
            }),
          }
        : {}),
    });
    response.end(
      JSON.stringify({
        error: {
          message: 'Application request limit reached',
          type: 'OAuthException',
          code: 4,
          fbtrace_id: 'A1b2C3d4',
        },
      }),
    );
    return;
  }
  response.writeHead(429, { 'content-type': 'application/json', 'retry-after': String(retryAfter) });
  response.end(
    JSON.stringify(
      platform === 'youtube'
        ? {
            error: {
              code: 429,
              message: 'Resource has been exhausted (e.g. check quota).',
              status: 'RESOURCE_EXHAUSTED',
            },
          }
        : {
            error: {
              code: 'rate_limit_exceeded',
              message: 'API rate limit was exceeded.',
              log_id: '202611240000000002',
            },
          },
    ),
  );
}
