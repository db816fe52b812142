import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link about one waitlist place, emailed only to the place's address: it names the place (its id, not
 * the address, so the link shows nobody's address), what it is for and when it stops working, signed
 * under the session secret. Confirming a place and giving one up each have their own purpose, so one
 * link never works as the other.
 */
export type PlaceTokenPurpose = 'waitlist-removal' | 'waitlist-confirm' | 'waitlist-place';

function signature(secret: string, purpose: PlaceTokenPurpose, signupId: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`${purpose}:${signupId}:${expiresAt}`).digest();
}

export function createPlaceToken(
  secret: string,
  purpose: PlaceTokenPurpose,
  signupId: string,
  expiresAt: Date,
): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${signupId}.${seconds}.${signature(secret, purpose, signupId, seconds).toString('base64url')}`;
}

export type PlaceTokenCheck =
  | { status: 'valid'; signupId: string }
  | { status: 'expired' }
  | { status: 'invalid' };

/** Whether the token is one we made for this purpose, and still in time. */
export function verifyPlaceToken(
  secret: string,
  purpose: PlaceTokenPurpose,
  token: string,
  now: Date,
): PlaceTokenCheck {
  const [signupId, expires, encodedSignature, ...rest] = token.split('.');
  if (!signupId || !expires || !encodedSignature || rest.length > 0) return { status: 'invalid' };
  if (!/^[0-9a-f-]{36}$/.test(signupId) || !/^\d{1,12}$/.test(expires)) return { status: 'invalid' };
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, purpose, signupId, Number(expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { status: 'expired' };
  return { status: 'valid', signupId };
}
