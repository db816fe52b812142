import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The link that gives up a waitlist place. It is made only when someone asks to leave, and only emailed
 * to the place's address: the unsubscribe token, which is in every waitlist email's headers and never
 * expires, can stop emails but cannot delete anything. The token names the place (its id, not the
 * address, so the link shows nobody's address) and when it stops working, signed under the session
 * secret. It works once by construction: using it deletes the place it names, and a later signup by the
 * same address is a new place with a new id.
 */
const PURPOSE = 'waitlist-removal:';

/** How long a removal link works after it is emailed. */
export const REMOVAL_LINK_MINUTES = 60;

function signature(secret: string, signupId: string, expiresAt: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}${signupId}:${expiresAt}`).digest();
}

export function createRemovalToken(secret: string, signupId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${signupId}.${seconds}.${signature(secret, signupId, seconds).toString('base64url')}`;
}

export type RemovalTokenCheck =
  | { status: 'valid'; signupId: string }
  | { status: 'expired' }
  | { status: 'invalid' };

/** Whether the token is one we made, and still in time. */
export function verifyRemovalToken(secret: string, token: string, now: Date): RemovalTokenCheck {
  const [signupId, expires, encodedSignature, ...rest] = token.split('.');
  if (!signupId || !expires || !encodedSignature || rest.length > 0) return { status: 'invalid' };
  if (!/^[0-9a-f-]{36}$/.test(signupId) || !/^\d{1,12}$/.test(expires)) return { status: 'invalid' };
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, signupId, Number(expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  if (Number(expires) * 1000 <= now.getTime()) return { status: 'expired' };
  return { status: 'valid', signupId };
}

export function removalUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/waitlist/remove?token=${token}`;
}
