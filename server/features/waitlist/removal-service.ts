import { formatPence, LIFETIME_PLACE_PRICE_PENCE, LIFETIME_PLAN, PLANS } from '@common/plans';
import type { Db } from '../../db/client';
import { verifyUnsubscribeToken } from '../../integrations/email/unsubscribe-token';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { deleteOutboxEmailsTo, hasRecentEmailTo } from '../../jobs/outbox-store';
import { suppressEmail } from '../../jobs/suppression-store';
import { createRemovalToken, REMOVAL_LINK_MINUTES, removalUrl, verifyRemovalToken } from './removal-token';
import { deleteSignup, findSignup, findSignupsByEmail, lockSignupCounter, type WaitlistEntry } from './store';

/*
 * Giving up a waitlist place (decision 040). The unsubscribe link only stops emails: it is in every
 * waitlist email's headers and never expires, so it must not be able to delete a place, and with it a
 * lifetime plan. Asking to leave emails a link of its own to the place's address; only that link, once
 * and within the hour, deletes the place.
 */

export type RemovalDeps = { db: Db; jobs: Jobs; secret: string; publicUrl: string };

/** One confirmation email per address in this many minutes, however often the button is pressed. */
const RESEND_MINUTES = 5;
const TEMPLATE = 'waitlist-removal';
/** The emails about a place that go with it: the welcome, the £5 link, and the removal links. */
const PLACE_TEMPLATES = ['waitlist-welcome', 'waitlist-standing', 'lifetime-place-payment', TEMPLATE];

export type RemovalRequestResult =
  | { outcome: 'invalid-token' }
  | { outcome: 'not-on-waitlist'; email: string }
  | { outcome: 'sent' | 'sent-recently'; email: string };

/** What else a place's removal ends, in a sentence; null when only the place goes. */
export function whatEndsWith(place: WaitlistEntry): string | null {
  const plan = PLANS[LIFETIME_PLAN].name;
  if (place.tier === 'free' || (place.tier === 'lifetime_paid' && place.paidAt)) {
    return `This place gives ${plan} for life to a Ballast account at this address: that lifetime plan ends with it, for good.`;
  }
  if (place.tier === 'lifetime_paid') {
    return `The chance to make this place lifetime access for ${formatPence(LIFETIME_PLACE_PRICE_PENCE)} ends with it.`;
  }
  return null;
}

/** The unsubscribe page's "Remove me" button: emails the place's address a link that confirms it. */
export async function requestRemoval(
  { db, jobs, secret, publicUrl }: RemovalDeps,
  unsubscribeToken: string,
  now: Date,
): Promise<RemovalRequestResult> {
  const email = verifyUnsubscribeToken(secret, unsubscribeToken);
  if (!email) return { outcome: 'invalid-token' };
  const [place] = await findSignupsByEmail(db, [email]);
  if (!place) return { outcome: 'not-on-waitlist', email };
  return db.transaction(async (tx) => {
    if (await hasRecentEmailTo(tx, email, TEMPLATE, RESEND_MINUTES)) {
      return { outcome: 'sent-recently', email } as const;
    }
    const expiresAt = new Date(now.getTime() + REMOVAL_LINK_MINUTES * 60_000);
    await enqueueOutbound(jobs, tx, [
      {
        channel: 'email',
        template: TEMPLATE,
        to: email,
        position: place.position,
        url: removalUrl(publicUrl, createRemovalToken(secret, place.id, expiresAt)),
        expiresInMinutes: REMOVAL_LINK_MINUTES,
        alsoEnds: whatEndsWith(place),
      },
    ]);
    return { outcome: 'sent', email } as const;
  });
}

export type RemovalResult =
  | { outcome: 'confirm'; email: string; position: number; alsoEnds: string | null }
  | { outcome: 'removed'; email: string; position: number }
  | { outcome: 'expired' | 'invalid-link' | 'gone' };

/** Opening the emailed link: says what would go, and changes nothing (mail scanners open links). */
export async function checkRemovalLink(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<RemovalResult> {
  const check = verifyRemovalToken(secret, token, now);
  if (check.status === 'invalid') return { outcome: 'invalid-link' };
  if (check.status === 'expired') return { outcome: 'expired' };
  const place = await findSignup(db, check.signupId);
  if (!place) return { outcome: 'gone' };
  return { outcome: 'confirm', email: place.email, position: place.position, alsoEnds: whatEndsWith(place) };
}

/**
 * The emailed link's button: the place is deleted with the emails about it (and any open £5 checkout),
 * and the address stays suppressed so nothing about the waitlist reaches it again. Under the counter
 * lock, everyone after it moves up one place (decision 062): nobody's place is lost, and positions stay
 * gap-free. A second press finds it gone.
 */
export async function confirmRemoval(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<RemovalResult> {
  const check = verifyRemovalToken(secret, token, now);
  if (check.status === 'invalid') return { outcome: 'invalid-link' };
  if (check.status === 'expired') return { outcome: 'expired' };
  const signupId = check.signupId;
  return db.transaction(async (tx) => {
    await lockSignupCounter(tx);
    const removed = await deleteSignup(tx, signupId);
    if (!removed) return { outcome: 'gone' } as const;
    await suppressEmail(tx, removed.email, 'removed-from-waitlist');
    await deleteOutboxEmailsTo(tx, removed.email, PLACE_TEMPLATES);
    return { outcome: 'removed', email: removed.email, position: removed.position } as const;
  });
}
