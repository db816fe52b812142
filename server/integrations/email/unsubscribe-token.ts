import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Unsubscribe links work without signing in, so the link itself must prove which address it is for:
 * the address plus an HMAC of it under the session secret. Nobody without the secret can make one for
 * another address, and the token needs no table. It never expires: unsubscribing must keep working
 * from an old email.
 */
const PURPOSE = 'waitlist-unsubscribe:';

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function signature(secret: string, email: string): Buffer {
  return createHmac('sha256', secret)
    .update(PURPOSE + email)
    .digest();
}

export function createUnsubscribeToken(secret: string, email: string): string {
  const address = normaliseEmail(email);
  return `${Buffer.from(address).toString('base64url')}.${signature(secret, address).toString('base64url')}`;
}

/** The address the token was made for, or undefined when it was not made with our secret. */
export function verifyUnsubscribeToken(secret: string, token: string): string | undefined {
  const [encodedEmail, encodedSignature, ...rest] = token.split('.');
  if (!encodedEmail || !encodedSignature || rest.length > 0) return undefined;
  const email = Buffer.from(encodedEmail, 'base64url').toString('utf8');
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, email);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  // Re-encoding must give back the same token text, so there is exactly one valid token per address.
  if (Buffer.from(email).toString('base64url') !== encodedEmail || email !== normaliseEmail(email)) {
    return undefined;
  }
  return email;
}

export function unsubscribeUrl(publicUrl: string, secret: string, email: string): string {
  return `${publicUrl}/api/waitlist/unsubscribe?token=${createUnsubscribeToken(secret, email)}`;
}
