import { createHash, randomBytes } from 'node:crypto';
import { call, form, ProviderError } from './http';
import type { PlatformProvider, ProviderTokens } from './platform-provider';

/**
 * The authorisation-code-with-PKCE flow all three providers share: the authorisation URL, the code
 * exchange, the refresh, and the verifier and state that guard them. A provider's file supplies only
 * its `OAuthClient` details and what it reads once connected.
 */

type Endpoints = { authorize: string; token: string };

const expiry = (seconds: unknown) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;

export type TokenAnswer = { access_token?: string; refresh_token?: string; expires_in?: number };

export function tokensFrom(
  what: string,
  answer: TokenAnswer,
  previousRefresh: string | null = null,
): ProviderTokens {
  if (!answer.access_token) throw new ProviderError(`${what}: no access token in the answer`);
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token ?? previousRefresh,
    expiresAt: expiry(answer.expires_in),
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
 * endpoints and the scopes it asks for; the flow below is the same for all three.
 */
export type OAuthClient = {
  name: string;
  endpoints: Endpoints;
  client: Record<'client_id', string> | Record<'client_key', string>;
  secret: string;
  scope: string;
  /** Parameters one provider adds to the authorisation URL. */
  authorizeExtras?: Record<string, string>;
};

export function pkceAuthorizeUrl(
  oauth: OAuthClient,
  { state, codeChallenge, redirectUri }: Parameters<PlatformProvider['authorizeUrl']>[0],
): string {
  const url = new URL(oauth.endpoints.authorize);
  url.search = new URLSearchParams({
    ...oauth.client,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: oauth.scope,
    ...oauth.authorizeExtras,
    state,
    code_challenge: codeChallenge,
    code_challenge_method: 'S256',
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
    code_verifier: codeVerifier,
    grant_type: 'authorization_code',
    redirect_uri: redirectUri,
  });
}

export function refreshWithToken(oauth: OAuthClient, refreshToken: string): Promise<ProviderTokens> {
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

/** PKCE (RFC 7636): a random verifier and its S256 challenge; and an unguessable state. */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const newState = () => randomBytes(24).toString('base64url');
