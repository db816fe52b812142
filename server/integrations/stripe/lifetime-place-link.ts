import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The emailed link that pays for one lifetime waitlist place. It works without signing in (the place
 * belongs to an email address, not an account), so the link itself proves which place it pays for:
 * the signup's id plus an HMAC of it under the session secret. It does not expire: the place stays
 * reserved until it is paid, and a paid place's link only says so.
 */
const PURPOSE = 'lifetime-place-payment:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, signupId: string): string {
  return createHmac('sha256', secret)
    .update(PURPOSE + signupId)
    .digest('base64url');
}

export function createLifetimePlaceToken(secret: string, signupId: string): string {
  return `${signupId}.${signature(secret, signupId)}`;
}

/** The signup id the token was made for, or undefined when it was not made with our secret. */
export function verifyLifetimePlaceToken(secret: string, token: string): string | undefined {
  const [signupId, encodedSignature, ...rest] = token.split('.');
  if (!signupId || !encodedSignature || rest.length > 0 || !UUID.test(signupId)) return undefined;
  // Compared as text, so there is exactly one valid token per place.
  const given = Buffer.from(encodedSignature);
  const expected = Buffer.from(signature(secret, signupId));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return signupId;
}

export const LIFETIME_PLACE_CHECKOUT_PATH = '/api/billing/lifetime-place/checkout';

export function lifetimePlaceLink(publicUrl: string, secret: string, signupId: string): string {
  return `${publicUrl}${LIFETIME_PLACE_CHECKOUT_PATH}?token=${createLifetimePlaceToken(secret, signupId)}`;
}
