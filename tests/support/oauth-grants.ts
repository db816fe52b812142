import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';

/**
 * The authorisation side of the OAuth stand-in (`oauth-providers.ts`): consent, the code exchange with
 * its PKCE check, refresh and revoke, and the tokens they hand out, each with its lifetime on the
 * stand-in's clock, as the providers' reference pages give them (docs/decisions/042):
 * - Google: PKCE S256 as base64url; an access token for an hour, a refresh token until revoked; a bad
 *   refresh token or code is 400 invalid_grant, any other bad request 400 invalid_request.
 * - TikTok: PKCE S256 as hex; an access token for a day, a refresh token for a year, replaced on each
 *   refresh (the old one stops working); the scopes granted are the ones asked for.
 * - Instagram (instagram-grants.ts): no PKCE; an hour's token, exchanged for 60 days, refreshed with
 *   itself once it is a day old.
 * The account and analytics APIs ask `tokenOf` what a token is worth.
 */

export const CREDENTIALS = {
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  INSTAGRAM_CLIENT_ID: 'instagram-client',
  INSTAGRAM_CLIENT_SECRET: 'instagram-secret',
  TIKTOK_CLIENT_KEY: 'tiktok-key',
  TIKTOK_CLIENT_SECRET: 'tiktok-secret',
};

export const CLIENTS: Record<ConnectablePlatform, { id: string; secret: string }> = {
  youtube: { id: CREDENTIALS.GOOGLE_CLIENT_ID, secret: CREDENTIALS.GOOGLE_CLIENT_SECRET },
  instagram: { id: CREDENTIALS.INSTAGRAM_CLIENT_ID, secret: CREDENTIALS.INSTAGRAM_CLIENT_SECRET },
  tiktok: { id: CREDENTIALS.TIKTOK_CLIENT_KEY, secret: CREDENTIALS.TIKTOK_CLIENT_SECRET },
};

const AUTHORIZE: Record<string, ConnectablePlatform> = {
  '/accounts.google.com/o/oauth2/v2/auth': 'youtube',
  '/www.instagram.com/oauth/authorize': 'instagram',
  '/www.tiktok.com/v2/auth/authorize/': 'tiktok',
};
const TOKEN: Record<string, 'youtube' | 'tiktok'> = {
  '/oauth2.googleapis.com/token': 'youtube',
  '/open.tiktokapis.com/v2/oauth/token/': 'tiktok',
};

const HOUR = 3600;
const DAY = 24 * HOUR;
export const LIFETIMES = {
  googleAccess: HOUR,
  tiktokAccess: DAY,
  tiktokRefresh: 365 * DAY,
  instagramShort: HOUR,
  instagramLong: 60 * DAY,
};

export async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

/** Sends a JSON answer; true, for "this request was answered". */
export function json(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
  return true;
}

export type Token = {
  platform: ConnectablePlatform;
  kind: 'access' | 'refresh' | 'instagram-short' | 'instagram-long';
  scopes: string[];
  issuedAt: number;
  expiresAt: number;
  /** Tokens handed out together: revoking one ends them all. */
  grant: string;
};

export type OAuthGrants = ReturnType<typeof newOAuthGrants>;

export function newOAuthGrants(now: () => number) {
  const codes = new Map<
    string,
    { platform: ConnectablePlatform; challenge: string; redirectUri: string; scopes: string[] }
  >();
  const tokens = new Map<string, Token>();
  const revoked: Record<ConnectablePlatform, string[]> = { youtube: [], instagram: [], tiktok: [] };
  const refreshes: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };

  const mint = (platform: ConnectablePlatform, kind: Token['kind'], seconds: number, from?: Token) => {
    const token = `${platform}-${kind}-${randomBytes(8).toString('hex')}`;
    tokens.set(token, {
      platform,
      kind,
      scopes: from?.scopes ?? [],
      issuedAt: now(),
      expiresAt: now() + seconds * 1000,
      grant: from?.grant ?? token,
    });
    return token;
  };
  const live = (token: string) => {
    const found = tokens.get(token);
    return found && found.expiresAt > now() ? found : undefined;
  };
  return {
    now,
    codes,
    tokens,
    revoked,
    refreshes,
    mint,
    live,
    /** What an access token is worth: its platform and scopes, or nothing when unknown or expired. */
    tokenOf(token: string) {
      const found = live(token);
      return found && found.kind !== 'refresh' ? found : undefined;
    },
    /** Ends every token of the grant `token` belongs to. */
    forget(token: string) {
      const grant = tokens.get(token)?.grant;
      for (const [other, found] of tokens) if (found.grant === grant) tokens.delete(other);
    },
    denyNext: false,
    failNext: false,
    /** The next consent grants only these of the scopes asked for (the creator unticked the rest). */
    grantOnlyNext: null as string[] | null,
    /** Instagram's code exchange answers flat, as some integrations report, not inside `data`. */
    isInstagramAnswerFlat: false,
  };
}

const challengeOf = (platform: ConnectablePlatform, verifier: string) =>
  createHash('sha256')
    .update(verifier)
    .digest(platform === 'tiktok' ? 'hex' : 'base64url');

const tiktokError = (error: string, description: string) => ({
  error,
  error_description: description,
  log_id: `2026112400000${randomBytes(3).toString('hex')}`,
});

/** Google's and TikTok's token endpoint: the code exchange and the refresh. */
async function answerToken(
  grants: OAuthGrants,
  platform: 'youtube' | 'tiktok',
  request: IncomingMessage,
  response: ServerResponse,
): Promise<true> {
  const form = await bodyOf(request);
  const client = CLIENTS[platform];
  const bad = (error: string, description: string) =>
    json(
      response,
      error === 'invalid_client' ? 401 : 400,
      platform === 'tiktok' ? tiktokError(error, description) : { error, error_description: description },
    );
  if ((form.get(platform === 'tiktok' ? 'client_key' : 'client_id') ?? '') !== client.id)
    return bad('invalid_client', 'The OAuth client was not found.');
  if (form.get('client_secret') !== client.secret) return bad('invalid_client', 'Unauthorized');
  const accessLife = platform === 'tiktok' ? LIFETIMES.tiktokAccess : LIFETIMES.googleAccess;
  const grantType = form.get('grant_type');
  if (grantType === 'refresh_token') {
    const old = grants.live(form.get('refresh_token') ?? '');
    if (old?.kind !== 'refresh' || old.platform !== platform)
      return bad('invalid_grant', 'Token has been expired or revoked.');
    grants.refreshes[platform] += 1;
    const access = grants.mint(platform, 'access', accessLife, old);
    if (platform === 'youtube')
      return json(response, 200, {
        access_token: access,
        expires_in: LIFETIMES.googleAccess,
        scope: old.scopes.join(' '),
        token_type: 'Bearer',
      });
    // TikTok rotates: a new refresh token in place of the one sent, which stops working.
    grants.tokens.delete(form.get('refresh_token')!);
    const refresh = grants.mint(platform, 'refresh', LIFETIMES.tiktokRefresh, grants.tokens.get(access));
    return json(response, 200, {
      access_token: access,
      expires_in: LIFETIMES.tiktokAccess,
      open_id: 'tiktok-open-id-1',
      refresh_expires_in: LIFETIMES.tiktokRefresh,
      refresh_token: refresh,
      scope: old.scopes.join(','),
      token_type: 'Bearer',
    });
  }
  if (grantType !== 'authorization_code') return bad('unsupported_grant_type', 'Invalid grant_type.');
  if (grants.failNext) {
    grants.failNext = false;
    return json(response, 500, { error: 'server_error' });
  }
  const saved = grants.codes.get(form.get('code') ?? '');
  grants.codes.delete(form.get('code') ?? '');
  if (!saved || saved.platform !== platform || saved.redirectUri !== form.get('redirect_uri'))
    return bad('invalid_grant', 'Malformed auth code.');
  if (saved.challenge !== challengeOf(platform, form.get('code_verifier') ?? ''))
    return platform === 'tiktok'
      ? bad('invalid_request', 'Code verifier or code challenge is invalid.')
      : bad('invalid_grant', 'Invalid code verifier.');
  const access = grants.mint(platform, 'access', accessLife);
  grants.tokens.get(access)!.scopes = saved.scopes;
  const refresh = grants.mint(
    platform,
    'refresh',
    platform === 'tiktok' ? LIFETIMES.tiktokRefresh : 10 * 365 * DAY,
    grants.tokens.get(access),
  );
  return json(response, 200, {
    access_token: access,
    expires_in: accessLife,
    refresh_token: refresh,
    token_type: 'Bearer',
    ...(platform === 'tiktok'
      ? {
          open_id: 'tiktok-open-id-1',
          refresh_expires_in: LIFETIMES.tiktokRefresh,
          scope: saved.scopes.join(','),
        }
      : { scope: saved.scopes.join(' ') }),
  });
}

/**
 * Answers an authorise, Google or TikTok token, or revoke request; false if the request is none of
 * these (Instagram's token endpoints are instagram-grants.ts).
 */
export async function answerOAuth(
  grants: OAuthGrants,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const authorizing = AUTHORIZE[url.pathname];
  if (authorizing && request.method === 'GET') {
    const redirectUri = url.searchParams.get('redirect_uri')!;
    const back = new URL(redirectUri);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    if (grants.denyNext) {
      grants.denyNext = false;
      back.searchParams.set('error', 'access_denied');
    } else {
      const code = randomBytes(12).toString('hex');
      grants.codes.set(code, {
        platform: authorizing,
        challenge: url.searchParams.get('code_challenge') ?? '',
        redirectUri,
        scopes: (url.searchParams.get('scope') ?? '')
          .split(/[ ,]/)
          .filter((scope) => scope && (grants.grantOnlyNext?.includes(scope) ?? true)),
      });
      grants.grantOnlyNext = null;
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
    return true;
  }
  const tokenFor = TOKEN[url.pathname];
  if (tokenFor && request.method === 'POST') return answerToken(grants, tokenFor, request, response);
  if (url.pathname === '/oauth2.googleapis.com/revoke' && request.method === 'POST') {
    // Google: the access or refresh token in a form; 200 and an empty object, or 400 invalid_token.
    const token = (await bodyOf(request)).get('token') ?? '';
    if (grants.live(token)?.platform !== 'youtube')
      return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    grants.revoked.youtube.push(token);
    grants.forget(token);
    return json(response, 200, {});
  }
  if (url.pathname === '/open.tiktokapis.com/v2/oauth/revoke/' && request.method === 'POST') {
    const form = await bodyOf(request);
    if (form.get('client_key') !== CLIENTS.tiktok.id || form.get('client_secret') !== CLIENTS.tiktok.secret)
      return json(response, 401, tiktokError('invalid_client', 'Client key or secret is incorrect.'));
    // TikTok revokes a user access token (its refresh token is not accepted here).
    const token = form.get('token') ?? '';
    const found = grants.live(token);
    if (found?.platform !== 'tiktok' || found.kind !== 'access')
      return json(response, 400, tiktokError('invalid_request', 'The access token is invalid.'));
    grants.revoked.tiktok.push(token);
    grants.forget(token);
    return json(response, 200, {});
  }
  return false;
}
