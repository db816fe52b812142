import type { Db } from '../../db/client';
import { type Jobs, QUEUES, work } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { confirmPlace, holdUnprovenPlaces, lapseDuePlaces } from './held-places-store';
import { verifyPlaceToken } from './place-token';
import { countReferral, findReferralCode } from './referrals-store';
import {
  CONFIRM_WITHIN_HOURS,
  paymentLinkEmail,
  type WaitlistDeps,
  welcomeEmail,
  welcomeMessage,
} from './service';
import { findSignup, lockSignupCounter } from './store';

/*
 * Keeping a held place (docs/decisions/062-waitlist-places-for-proven-addresses.md): the welcome email's
 * link proves the address, and the place counts from then on. Opening the link only asks (mail
 * scanners open links); its button keeps the place.
 */

type PlaceResult = {
  outcome: 'confirm' | 'kept';
  position: number;
  tier: string;
  email: string;
  /** The place's referral code, once it is kept (it is given out only then). */
  referralCode?: string;
};

export type ConfirmResult = PlaceResult | { outcome: 'lapsed' | 'invalid-link' };

/** Opening the emailed link: says which place it keeps, and changes nothing. */
export async function checkConfirmLink(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<ConfirmResult> {
  const check = verifyPlaceToken(secret, 'waitlist-confirm', token, now);
  if (check.status === 'invalid') return { outcome: 'invalid-link' };
  const place = check.status === 'valid' ? await findSignup(db, check.signupId) : null;
  if (!place) return { outcome: 'lapsed' };
  if (!place.confirmedAt) return placeResult('confirm', place);
  return { ...placeResult('kept', place), referralCode: await findReferralCode(db, place.id) };
}

const placeResult = (
  outcome: 'confirm' | 'kept',
  { position, tier, email }: { position: number; tier: string; email: string },
): PlaceResult => ({ outcome, position, tier, email });

/**
 * The link's button: keeps the place (under the counter lock, so positions and counts move one writer
 * at a time) and, for a £5 place, emails its payment link. Pressing it again finds the place kept.
 */
export async function confirmSignup(deps: WaitlistDeps, token: string): Promise<ConfirmResult> {
  const now = deps.now();
  const check = verifyPlaceToken(deps.secret, 'waitlist-confirm', token, now);
  if (check.status === 'invalid') return { outcome: 'invalid-link' };
  if (check.status === 'expired') return { outcome: 'lapsed' };
  const { signupId } = check;
  return deps.db.transaction(async (tx) => {
    await lockSignupCounter(tx);
    const kept = await confirmPlace(tx, signupId, now);
    if (!kept) {
      const place = await findSignup(tx, signupId);
      if (!place?.confirmedAt) return { outcome: 'lapsed' };
      return { ...placeResult('kept', place), referralCode: await findReferralCode(tx, place.id) };
    }
    await countReferral(tx, kept.id, now);
    const link = deps.lifetimePlaceLink;
    if (kept.tier === 'lifetime_paid' && !kept.paidAt && link) {
      await enqueueOutbound(deps.jobs, tx, [paymentLinkEmail(kept, link)]);
    }
    return { ...placeResult('confirm', kept), referralCode: kept.referralCode };
  });
}

/**
 * One run of the lapse job: places from before addresses were confirmed get 48 hours from now, with an
 * email that says so; held places past their time lapse, and everyone after them moves up.
 */
export async function lapseHeldPlaces(deps: WaitlistDeps): Promise<{ held: number; lapsed: number }> {
  const now = deps.now();
  const lapsesAt = new Date(now.getTime() + CONFIRM_WITHIN_HOURS * 3_600_000);
  return deps.db.transaction(async (tx) => {
    await lockSignupCounter(tx);
    const held = await holdUnprovenPlaces(tx, lapsesAt);
    await enqueueOutbound(
      deps.jobs,
      tx,
      held.map((kept) => {
        const place = { ...kept, confirmedAt: null, lapsesAt };
        const why = 'Ballast now keeps a waitlist place only for an address that is confirmed.';
        return welcomeEmail(deps, place, `${why} ${welcomeMessage(place)}`);
      }),
    );
    const lapsed = await lapseDuePlaces(tx, now);
    return { held: held.length, lapsed };
  });
}

/** Held places are looked at every five minutes, by one instance at a time. */
const LAPSE_CRON = '*/5 * * * *';

export async function startWaitlistLapses(
  deps: WaitlistDeps & { jobs: Jobs; log: { info(context: object, message: string): void } },
) {
  await deps.jobs.schedule(QUEUES.waitlistLapses, LAPSE_CRON, {}, { tz: 'UTC' });
  await work(deps.jobs, QUEUES.waitlistLapses, { pollingIntervalSeconds: 10 }, async () => {
    const result = await lapseHeldPlaces(deps);
    if (result.held > 0 || result.lapsed > 0) deps.log.info(result, 'Waitlist places held and lapsed');
  });
}
