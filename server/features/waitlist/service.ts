import type { WaitlistTier } from '@common/waitlist';
import type { WaitlistSignupResponse } from '@common/waitlist-schemas';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { findSignupByEmail, insertSignupAtNextPosition, type WaitlistEntry } from './store';

export type WaitlistDeps = {
  db: Db;
  jobs: Jobs;
  counters: { observe(total: number): void };
};

export type SignupResult = WaitlistSignupResponse & { isNew: boolean };

const WHAT_YOU_GET: Record<WaitlistTier, string> = {
  free: 'lifetime free access is yours',
  lifetime_paid: 'lifetime access for £5 is reserved for you',
  waitlist: "we'll email you as soon as your spot opens",
};

export function welcomeMessage({ position, tier }: Pick<WaitlistEntry, 'position' | 'tier'>): string {
  return `You're in at #${position}: ${WHAT_YOU_GET[tier]}.`;
}

export function alreadyJoinedMessage({ position, tier }: Pick<WaitlistEntry, 'position' | 'tier'>): string {
  return `You're already on the waitlist at #${position}, so there's nothing more to do: ${WHAT_YOU_GET[tier]}.`;
}

/** Thrown inside the signup transaction to roll it back when a concurrent signup took the email. */
class EmailTakenMeanwhile extends Error {}

function asAlreadyJoined(entry: WaitlistEntry): SignupResult {
  return { tier: entry.tier, position: entry.position, message: alreadyJoinedMessage(entry), isNew: false };
}

/**
 * Puts an email on the waitlist at the next position, with its welcome email and the copy for the
 * external data service in the same transaction. An email already there gets its original entry back
 * and nothing is written. `email` must already be normalised (the request schema trims and lower-cases).
 */
export async function signUpForWaitlist(
  deps: WaitlistDeps,
  signup: { email: string; signupSource: string },
): Promise<SignupResult> {
  const existing = await findSignupByEmail(deps.db, signup.email);
  if (existing) return asAlreadyJoined(existing);

  let entry: WaitlistEntry;
  try {
    entry = await deps.db.transaction(async (tx) => {
      // The copy needs no position, so it is queued before taking one: the counter row (which every
      // signup waits for) stays locked only for the statements that need it.
      await enqueueOutbound(deps.jobs, tx, [
        { channel: 'crm', path: '/api/v1/waitlist', body: { email: signup.email, source: 'waitlist' } },
      ]);
      const inserted = await insertSignupAtNextPosition(tx, signup);
      if (!inserted) throw new EmailTakenMeanwhile();
      await enqueueOutbound(deps.jobs, tx, [
        {
          channel: 'email',
          template: 'waitlist-welcome',
          to: inserted.email,
          position: inserted.position,
          tier: inserted.tier,
          message: welcomeMessage(inserted),
        },
      ]);
      return inserted;
    });
  } catch (error) {
    if (!(error instanceof EmailTakenMeanwhile)) throw error;
    const winner = await findSignupByEmail(deps.db, signup.email);
    if (!winner) throw error;
    return asAlreadyJoined(winner);
  }
  deps.counters.observe(entry.position);
  return { tier: entry.tier, position: entry.position, message: welcomeMessage(entry), isNew: true };
}
