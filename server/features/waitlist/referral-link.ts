import { TIER_PLACES, tierForPosition } from '@common/waitlist';
import { createPlaceToken } from './place-token';
import { REFERRAL_PLACES } from './referrals-store';

/** A kept place's referral link: its code only, never the address (docs/decisions/064-referrals.md). */
export const referralLink = (publicUrl: string, code: string) => `${publicUrl}/r/${code}`;

/** What a shared link says before its address, in a phone's share sheet. */
export const SHARE_TEXT =
  'Ballast warns creators before an algorithm change costs them their income. Join the waitlist:';

/** The line over the link to share, once a place is kept: what a referral does for this place. */
export function referralInvite(position: number): string {
  if (tierForPosition(position) !== 'waitlist') {
    return `Share your link: your place in the first ${TIER_PLACES} is yours already, and each friend who joins through it and confirms their address counts as your referral.`;
  }
  return `Share your link: each friend who joins through it and confirms their address moves you up ${REFERRAL_PLACES} places, as far as #${TIER_PLACES + 1} (the first ${TIER_PLACES} places stay with whoever holds them, and each that lapses moves the queue up).`;
}

export function referralsCounted(counted: number): string {
  return counted === 1 ? '1 referral has counted so far.' : `${counted} referrals have counted so far.`;
}

/** A place's own page, linked from its emails. */
export const PLACE_PATH = '/api/waitlist/place';
/** A place's page link lasts as long as the waitlist is likely to. */
const PLACE_LINK_YEARS = 3;

export function placeLink(deps: { secret: string; publicUrl: string }, signupId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + PLACE_LINK_YEARS * 365 * 86_400_000);
  const token = createPlaceToken(deps.secret, 'waitlist-place', signupId, expiresAt);
  return `${deps.publicUrl}${PLACE_PATH}?token=${token}`;
}
