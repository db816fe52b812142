import { createHash, randomBytes } from 'node:crypto';
import { call, form, ProviderError } from './http';
import type { PlatformProvider, ProviderTokens } from './platform-provider';

/**
 * The authorisation-code-with-PKCE flow the three providers share: the authorisation URL, the code
 * exchange, the refresh, and the verifier and state that guard them. A provider's file supplies only
 * its `OAuthClient` details and what it reads once connected.
 */

type Endpoints = { authorize: string; token: string };

const seconds = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && number > 0 ? number : null;
};

export type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number | string;
  /** TikTok: how long the refresh token lasts. */
  refresh_expires_in?: number;
  /** The scopes granted: TikTok's comma-separated, Google's space-separated. */
  scope?: string;
  /** OAuth's error, which TikTok's token endpoint can send with a 200. */
  error?: string;
  error_description?: string;
};

export function tokensFrom(
  what: string,
  answer: TokenAnswer,
  previousRefresh: string | null = null,
): ProviderTokens {
  if (answer.error)
    throw new ProviderError(
      `${what}: ${answer.error}${answer.error_description ? ` (${answer.error_description})` : ''}`,
      answer.error === 'invalid_grant' ? 'token-refused' : 'failed',
      null,
      null,
      answer.error === 'invalid_grant' ? 'withdrawn' : null,
    );
  if (!answer.access_token) throw new ProviderError(`${what}: no access token in the answer`);
  return {
    accessToken: answer.access_token,
    // TikTok rotates refresh tokens: the one in the answer replaces the one sent.
    refreshToken: answer.refresh_token ?? previousRefresh,
    expiresInSeconds: seconds(answer.expires_in),
    scopes: typeof answer.scope === 'string' ? answer.scope.split(/[ ,]+/).filter(Boolean) : null,
  };
}

/** POSTs a token request as a form, the way all three providers take one. */
async function requestTokens(
  what: string,
  url: string,
  fields: Record<string, string>,
  previousRefresh: string | null = null,
): Promise<ProviderTokens> {
  return tokensFrom(what, await call<TokenAnswer>(what, url, form(fields)), previousRefresh);
}

/**
 * One provider's OAuth 2 client: how it names the client id (`client_id`, or TikTok's `client_key`), its
 * endpoints, the scopes it asks for and how it encodes the PKCE challenge; the flow is the same.
 */
export type OAuthClient = {
  name: string;
  endpoints: Endpoints;
  client: Record<'client_id', string> | Record<'client_key', string>;
  secret: string;
  scope: string;
  /**
   * SHA-256 of the verifier as base64url (RFC 7636, Google) or as hex (TikTok's Login Kit checks the
   * hex digest); null where the provider's reference has no PKCE (Instagram's Business Login, whose
   * code is bound by the app secret and redirect URI instead).
   */
  challengeEncoding: 'base64url' | 'hex' | null;
  /** Parameters one provider adds to the authorisation URL. */
  authorizeExtras?: Record<string, string>;
};

/** The S256 challenge of a verifier, in the encoding the provider checks. */
export function codeChallenge(verifier: string, encoding: 'base64url' | 'hex'): string {
  return createHash('sha256').update(verifier).digest(encoding);
}

export function pkceAuthorizeUrl(
  oauth: OAuthClient,
  { state, codeVerifier, redirectUri }: Parameters<PlatformProvider['authorizeUrl']>[0],
): string {
  const url = new URL(oauth.endpoints.authorize);
  url.search = new URLSearchParams({
    ...oauth.client,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: oauth.scope,
    ...oauth.authorizeExtras,
    state,
    ...(oauth.challengeEncoding
      ? {
          code_challenge: codeChallenge(codeVerifier, oauth.challengeEncoding),
          code_challenge_method: 'S256',
        }
      : {}),
  }).toString();
  return url.toString();
}

export function exchangeCodeWithPkce(
  oauth: OAuthClient,
  { code, codeVerifier, redirectUri }: Parameters<PlatformProvider['exchangeCode']>[0],
): Promise<ProviderTokens> {
  return requestTokens(`${oauth.name} token exchange`, oauth.endpoints.token, {
    ...oauth.client,
    client_secret: oauth.secret,
    code,
    ...(oauth.challengeEncoding ? { code_verifier: codeVerifier } : {}),
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
  });
}

export function refreshWithToken(oauth: OAuthClient, refreshToken: string | null): Promise<ProviderTokens> {
  if (!refreshToken)
    return Promise.reject(
      new ProviderError(`${oauth.name}: no refresh token was kept`, 'token-refused', null, null, 'lapsed'),
    );
  return requestTokens(
    `${oauth.name} token refresh`,
    oauth.endpoints.token,
    {
      ...oauth.client,
      client_secret: oauth.secret,
      refresh_token: refreshToken,
      grant_type: 'refresh_token',
    },
    refreshToken,
  );
}

/**
 * A PKCE verifier (RFC 7636 §4.1: 43 characters of the unreserved set, which TikTok also asks for);
 * and an unguessable state.
 */
export const newVerifier = () => randomBytes(32).toString('base64url');

export const newState = () => randomBytes(24).toString('base64url');
