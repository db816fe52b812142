import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyOf, CLIENTS, json, LIFETIMES, type OAuthGrants } from './oauth-grants';

/**
 * Instagram's side of the OAuth stand-in, as Business Login for Instagram and the Access Token and
 * Refresh Access Token references give it: the code buys a short-lived token (an hour); that token buys
 * a long-lived one (60 days) at graph.instagram.com/access_token; a long-lived token at least a day old
 * and not expired buys a fresh one. An expired or unknown token is Graph error 190.
 */

const DAY_MS = 24 * 3600 * 1000;

/** Graph's error for a token it will not take: 190, with subcode 463 when it has expired. */
export function graphTokenError(grants: OAuthGrants, token: string) {
  const found = grants.tokens.get(token);
  const isExpired = found?.platform === 'instagram' && found.expiresAt <= grants.now();
  return {
    error: {
      message: isExpired
        ? 'Error validating access token: Session has expired.'
        : 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
      ...(isExpired ? { error_subcode: 463 } : {}),
      fbtrace_id: 'AbCdEfGh123',
    },
  };
}

/** A working Instagram token (short- or long-lived), or undefined. */
export const instagramToken = (grants: OAuthGrants, token: string) => {
  const found = grants.tokenOf(token);
  return found?.platform === 'instagram' ? found : undefined;
};

export async function answerInstagramTokens(
  grants: OAuthGrants,
  request: IncomingMessage,
  response: ServerResponse,
  url: URL,
): Promise<boolean> {
  const query = url.searchParams;
  if (url.pathname === '/api.instagram.com/oauth/access_token' && request.method === 'POST') {
    const form = await bodyOf(request);
    const badRequest = (message: string) =>
      json(response, 400, { error_type: 'OAuthException', code: 400, error_message: message });
    if (
      form.get('client_id') !== CLIENTS.instagram.id ||
      form.get('client_secret') !== CLIENTS.instagram.secret
    )
      return badRequest('Invalid platform app');
    if (grants.failNext) {
      grants.failNext = false;
      return json(response, 500, { error_type: 'OAuthException', code: 500, error_message: 'Unknown error' });
    }
    const saved = grants.codes.get(form.get('code') ?? '');
    grants.codes.delete(form.get('code') ?? '');
    if (
      form.get('grant_type') !== 'authorization_code' ||
      saved?.platform !== 'instagram' ||
      saved.redirectUri !== form.get('redirect_uri')
    )
      return badRequest('Invalid authorization code');
    const token = grants.mint('instagram', 'instagram-short', LIFETIMES.instagramShort);
    grants.tokens.get(token)!.scopes = saved.scopes;
    // The shape Business Login for Instagram shows; `isInstagramAnswerFlat` for the one seen in practice.
    const answer = { access_token: token, user_id: '17841400000000001', permissions: saved.scopes.join(',') };
    return json(response, 200, grants.isInstagramAnswerFlat ? answer : { data: [answer] });
  }
  if (url.pathname === '/graph.instagram.com/access_token' && request.method === 'GET') {
    const token = query.get('access_token') ?? '';
    const found = instagramToken(grants, token);
    if (
      query.get('grant_type') !== 'ig_exchange_token' ||
      query.get('client_secret') !== CLIENTS.instagram.secret
    )
      return json(response, 400, {
        error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 },
      });
    if (found?.kind !== 'instagram-short') return json(response, 400, graphTokenError(grants, token));
    const long = grants.mint('instagram', 'instagram-long', LIFETIMES.instagramLong, found);
    return json(response, 200, {
      access_token: long,
      token_type: 'bearer',
      expires_in: LIFETIMES.instagramLong,
    });
  }
  if (url.pathname === '/graph.instagram.com/refresh_access_token' && request.method === 'GET') {
    const token = query.get('access_token') ?? '';
    const found = instagramToken(grants, token);
    if (query.get('grant_type') !== 'ig_refresh_token')
      return json(response, 400, {
        error: { message: 'Invalid parameter', type: 'OAuthException', code: 100 },
      });
    if (found?.kind !== 'instagram-long') return json(response, 400, graphTokenError(grants, token));
    if (grants.now() - found.issuedAt < DAY_MS)
      return json(response, 400, {
        error: {
          message: 'The access token must be at least 24 hours old to be refreshed.',
          type: 'OAuthException',
          code: 100,
        },
      });
    grants.refreshes.instagram += 1;
    const fresh = grants.mint('instagram', 'instagram-long', LIFETIMES.instagramLong, found);
    return json(response, 200, {
      access_token: fresh,
      token_type: 'bearer',
      expires_in: LIFETIMES.instagramLong,
    });
  }
  return false;
}
