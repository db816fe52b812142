import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConnectablePlatform } from '@common/platforms';

/**
 * The authorisation side of the OAuth stand-in (`oauth-providers.ts`): consent, the code exchange with
 * its PKCE check, refresh and revoke, and the grants they hand out. The account and analytics APIs
 * only ask it which platform an access token belongs to.
 */

export const CREDENTIALS = {
  GOOGLE_CLIENT_ID: 'google-client',
  GOOGLE_CLIENT_SECRET: 'google-secret',
  INSTAGRAM_CLIENT_ID: 'instagram-client',
  INSTAGRAM_CLIENT_SECRET: 'instagram-secret',
  TIKTOK_CLIENT_KEY: 'tiktok-key',
  TIKTOK_CLIENT_SECRET: 'tiktok-secret',
};

const CLIENTS: Record<ConnectablePlatform, { id: string; secret: string }> = {
  youtube: { id: CREDENTIALS.GOOGLE_CLIENT_ID, secret: CREDENTIALS.GOOGLE_CLIENT_SECRET },
  instagram: { id: CREDENTIALS.INSTAGRAM_CLIENT_ID, secret: CREDENTIALS.INSTAGRAM_CLIENT_SECRET },
  tiktok: { id: CREDENTIALS.TIKTOK_CLIENT_KEY, secret: CREDENTIALS.TIKTOK_CLIENT_SECRET },
};

const AUTHORIZE: Record<string, ConnectablePlatform> = {
  '/accounts.google.com/o/oauth2/v2/auth': 'youtube',
  '/www.instagram.com/oauth/authorize': 'instagram',
  '/www.tiktok.com/v2/auth/authorize/': 'tiktok',
};
const TOKEN: Record<string, ConnectablePlatform> = {
  '/oauth2.googleapis.com/token': 'youtube',
  '/api.instagram.com/oauth/access_token': 'instagram',
  '/open.tiktokapis.com/v2/oauth/token/': 'tiktok',
};

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
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

export type OAuthGrants = ReturnType<typeof newOAuthGrants>;

export function newOAuthGrants() {
  const codes = new Map<string, { platform: ConnectablePlatform; challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, ConnectablePlatform>();
  const refreshTokens = new Map<string, ConnectablePlatform>();
  const revoked: Record<ConnectablePlatform, string[]> = { youtube: [], instagram: [], tiktok: [] };
  const refreshes: Record<ConnectablePlatform, number> = { youtube: 0, instagram: 0, tiktok: 0 };

  /** Which grant each token belongs to: revoking either token of a grant ends both. */
  const grantOf = new Map<string, string>();
  const forget = (token: string) => {
    const grant = grantOf.get(token);
    for (const [other, owner] of grantOf) {
      if (owner !== grant && other !== token) continue;
      accessTokens.delete(other);
      refreshTokens.delete(other);
    }
  };

  const issue = (platform: ConnectablePlatform) => {
    const access = `${platform}-access-${randomBytes(8).toString('hex')}`;
    const refresh = `${platform}-refresh-${randomBytes(8).toString('hex')}`;
    accessTokens.set(access, platform);
    refreshTokens.set(refresh, platform);
    grantOf.set(access, access);
    grantOf.set(refresh, access);
    return { access_token: access, refresh_token: refresh, expires_in: 3600, token_type: 'Bearer' };
  };

  return {
    codes,
    accessTokens,
    refreshTokens,
    revoked,
    refreshes,
    forget,
    issue,
    denyNext: false,
    failNext: false,
  };
}

/** Answers an authorise, token, refresh or revoke request; false if the request is none of these. */
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
      });
      back.searchParams.set('code', code);
    }
    response.writeHead(302, { location: back.toString() });
    response.end();
    return true;
  }
  const tokenFor = TOKEN[url.pathname];
  if (tokenFor && request.method === 'POST') {
    const form = await bodyOf(request);
    const client = CLIENTS[tokenFor];
    if (
      (form.get('client_id') ?? form.get('client_key')) !== client.id ||
      form.get('client_secret') !== client.secret
    )
      return json(response, 401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'refresh_token') {
      if (grants.refreshTokens.get(form.get('refresh_token') ?? '') !== tokenFor)
        return json(response, 400, { error: 'invalid_grant' });
      grants.refreshes[tokenFor] += 1;
      return json(response, 200, grants.issue(tokenFor));
    }
    if (grants.failNext) {
      grants.failNext = false;
      return json(response, 500, { error: 'server_error' });
    }
    const saved = grants.codes.get(form.get('code') ?? '');
    grants.codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (
      !saved ||
      saved.platform !== tokenFor ||
      saved.challenge !== challenge ||
      saved.redirectUri !== form.get('redirect_uri')
    )
      return json(response, 400, { error: 'invalid_grant' });
    return json(response, 200, grants.issue(tokenFor));
  }
  if (url.pathname === '/graph.instagram.com/refresh_access_token') {
    if (
      grants.accessTokens.get(url.searchParams.get('access_token') ?? '') !== 'instagram' &&
      !grants.refreshTokens.has(url.searchParams.get('access_token') ?? '')
    )
      return json(response, 400, { error: 'invalid_token' });
    grants.refreshes.instagram += 1;
    const { access_token, expires_in } = grants.issue('instagram');
    return json(response, 200, { access_token, expires_in });
  }
  if (url.pathname === '/oauth2.googleapis.com/revoke' && request.method === 'POST') {
    // Google: the access or refresh token in a form; 200 and an empty object, or 400 invalid_token.
    const token = (await bodyOf(request)).get('token') ?? '';
    const platform = grants.accessTokens.get(token) ?? grants.refreshTokens.get(token);
    if (platform !== 'youtube')
      return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
    grants.revoked.youtube.push(token);
    grants.forget(token);
    return json(response, 200, {});
  }
  if (url.pathname === '/open.tiktokapis.com/v2/oauth/revoke/' && request.method === 'POST') {
    const form = await bodyOf(request);
    if (form.get('client_key') !== CLIENTS.tiktok.id || form.get('client_secret') !== CLIENTS.tiktok.secret)
      return json(response, 401, {
        error: 'invalid_client',
        error_description: 'Client key or secret is incorrect.',
      });
    // TikTok revokes a user access token (its refresh token is not accepted here).
    const token = form.get('token') ?? '';
    if (grants.accessTokens.get(token) !== 'tiktok')
      return json(response, 400, {
        error: 'invalid_request',
        error_description: 'The access token is invalid.',
      });
    grants.revoked.tiktok.push(token);
    grants.forget(token);
    response.writeHead(200);
    response.end();
    return true;
  }
  return false;
}
