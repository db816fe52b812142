import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { findPlacesForAction, releasePlace, type SetAsidePlace, setPlacesAside } from './operator-store';
import { voidReferral } from './referrals-store';
import { lockSignupCounter } from './store';

/*
 * The operators' actions on places (docs/product/operators-and-data.md): remove, set aside for review,
 * release, and void a referral. Each runs under the counter lock, so nobody else's place is lost.
 */

export type OperatorDeps = { db: Db; jobs: Jobs; now: Clock };
export type PlaceAction = 'remove' | 'quarantine';
/** Writes the operator's audit entries in the action's own transaction: both happen, or neither. */
type Audit<T> = (tx: Tx, done: T) => Promise<void>;

/**
 * Removes the places, or sets them aside, in one transaction: all or none. A paid £5 place is refused
 * (its payment is refunded first, from the person's page). A proven address is told by email; a
 * made-up one is not written to. Answers the places as they were.
 */
export async function actOnPlaces(
  deps: OperatorDeps,
  ids: string[],
  action: PlaceAction,
  audit: Audit<SetAsidePlace[]>,
): Promise<SetAsidePlace[]> {
  return deps.db.transaction(async (tx) => {
    await lockSignupCounter(tx);
    const places = await findPlacesForAction(tx, ids);
    if (places.length < new Set(ids).size) {
      const missing = new Set(ids).size - places.length;
      throw new AppError(
        'NOT_FOUND',
        `${missing === 1 ? 'One of these places is' : `${missing} of these places are`} no longer on the waitlist. Reload the list and choose again.`,
      );
    }
    const paid = places.find((place) => place.paidAt);
    if (paid) {
      throw new AppError(
        'CONFLICT',
        `${paid.email} paid £5 for place #${paid.position}: refund the payment from their page first, then remove the place.`,
      );
    }
    const listed = action === 'remove' ? places : places.filter((place) => place.position !== null);
    if (listed.length === 0) throw new AppError('CONFLICT', 'These places are set aside already.');
    await setPlacesAside(
      tx,
      listed.map((place) => place.id),
      action,
      deps.now(),
    );
    await enqueueOutbound(
      deps.jobs,
      tx,
      listed
        .filter((place) => place.confirmedAt && place.position !== null)
        .map((place) => ({
          channel: 'email' as const,
          template: 'waitlist-place-review' as const,
          to: place.email,
          position: Number(place.position),
          outcome: action === 'remove' ? ('removed' as const) : ('set-aside' as const),
        })),
    );
    const done = listed.map((place) => ({
      ...place,
      position: place.position === null ? null : Number(place.position),
    }));
    await audit(tx, done);
    return done;
  });
}

/** A set-aside place back on the list, at its end. */
export async function releaseSetAsidePlace(deps: OperatorDeps, id: string, audit: Audit<number>) {
  return deps.db.transaction(async (tx) => {
    await lockSignupCounter(tx);
    const position = await releasePlace(tx, id, deps.now());
    if (position === null) throw new AppError('NOT_FOUND', 'This place is not set aside. Reload the list.');
    await audit(tx, position);
    return position;
  });
}

/** An operator's judgement that a counted referral was not a real friend: its places go back. */
export async function voidReferralAsOperator(
  deps: OperatorDeps,
  friendId: string,
  reason: string,
  audit: Audit<void>,
) {
  return deps.db.transaction(async (tx) => {
    await lockSignupCounter(tx);
    if (!(await voidReferral(tx, friendId, `voided by an operator: ${reason}`))) {
      throw new AppError('CONFLICT', 'This referral does not count now, so there is nothing to void.');
    }
    await audit(tx);
  });
}
