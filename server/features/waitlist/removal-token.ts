import { createPlaceToken, type PlaceTokenCheck, verifyPlaceToken } from './place-token';

/**
 * The link that gives up a waitlist place. It is made only when someone asks to leave, and only emailed
 * to the place's address: the unsubscribe token, which is in every waitlist email's headers and never
 * expires, can stop emails but cannot delete anything. It works once by construction: using it deletes
 * the place it names, and a later signup by the same address is a new place with a new id.
 */

/** How long a removal link works after it is emailed. */
export const REMOVAL_LINK_MINUTES = 60;

export type RemovalTokenCheck = PlaceTokenCheck;

export const createRemovalToken = (secret: string, signupId: string, expiresAt: Date) =>
  createPlaceToken(secret, 'waitlist-removal', signupId, expiresAt);

/** Whether the token is one we made, and still in time. */
export const verifyRemovalToken = (secret: string, token: string, now: Date): RemovalTokenCheck =>
  verifyPlaceToken(secret, 'waitlist-removal', token, now);

export function removalUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/waitlist/remove?token=${token}`;
}
