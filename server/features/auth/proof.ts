import type { Db } from '../../db/client';
import { isEmailVerified } from './store';

/** How a session proved its holder owns the address (decision 030); null for a password. */
export type SessionProof = 'email-link' | 'sso' | null;

/**
 * Decided when the session starts, from the endpoint that starts it: a sign-in or verification link
 * came from the inbox; single sign-on counts only when the provider asserted the address is verified
 * (the user is verified by then). A password proves nothing about the address.
 */
export async function sessionProof(db: Db, userId: string, path: string | undefined): Promise<SessionProof> {
  if (path === '/magic-link/verify' || path === '/verify-email') return 'email-link';
  if (path?.startsWith('/callback/') || path?.startsWith('/oauth2/callback/')) {
    return (await isEmailVerified(db, userId)) ? 'sso' : null;
  }
  return null;
}
