import type { AccountDeletion } from '@common/account';
import { isSameEmail } from '@common/account';
import { RECENT_SIGN_IN_MINUTES } from '@common/auth';
import type { CurrentUser } from '@common/auth-schemas';
import type { SubscriptionStatus } from '@common/billing';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { deleteCreatorFiles, type FileStorage } from '../../integrations/storage/storage';
import type { Jobs } from '../../jobs/boss';
import { deleteDevMailTo } from '../../jobs/dev-mailbox';
import { enqueueOutbound } from '../../jobs/outbox';
import { deleteOutboxOfAccount, deleteOutboxOfAddress } from '../../jobs/outbox-store';
import { deleteSuppression } from '../../jobs/suppression-store';
import { type AuthSession, deleteSignInLinksTo, deleteUserAccount } from '../auth/public';
import { findSubscriptionOf } from '../billing/public';
import { deleteMessagesFrom } from '../contact/public';
import { deleteWaitlistPlace } from '../waitlist/public';

export type AccountDeletionDeps = {
  db: Db;
  jobs: Jobs;
  /** Unset when payments are not configured. */
  stripe: Stripe | undefined;
  storage: FileStorage;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** Checks the password of the account behind the request's session. */
export type PasswordCheck = (password: string) => Promise<boolean>;

/**
 * A session left open on a shared computer must not be enough to erase everything: deleting needs a
 * sign-in within the last few minutes, or the account's password.
 */
async function checkRecentSignIn(
  deps: AccountDeletionDeps,
  session: AuthSession,
  password: string | undefined,
  checkPassword: PasswordCheck,
) {
  const minutes = (deps.now().getTime() - session.createdAt.getTime()) / 60_000;
  if (minutes < RECENT_SIGN_IN_MINUTES) return;
  if (password) {
    if (await checkPassword(password)) return;
    throw new AppError('BAD_REQUEST', 'That password is not right. Nothing was deleted.', {
      password: 'This is not the password of your account.',
    });
  }
  throw new AppError(
    'REAUTHENTICATION_REQUIRED',
    `To delete your account, enter your password, or sign in again (within ${RECENT_SIGN_IN_MINUTES} minutes of deleting). Nothing was deleted.`,
  );
}

/** Subscriptions that could still charge the card. */
const CHARGEABLE: readonly SubscriptionStatus[] = [
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
];

async function cancelSubscription({ db, stripe, log }: AccountDeletionDeps, userId: string) {
  const subscription = await findSubscriptionOf(db, userId);
  if (!subscription || !CHARGEABLE.includes(subscription.status!)) return;
  if (!stripe) {
    throw new AppError(
      'UNAVAILABLE',
      'Your subscription cannot be cancelled right now, so your account was not deleted. Please try again later.',
    );
  }
  try {
    await stripe.subscriptions.cancel(subscription.id);
  } catch (error) {
    // Already cancelled or removed at Stripe: nothing left that could charge.
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
    log.error({ err: error }, 'Stripe refused to cancel a subscription for an account deletion');
    throw new AppError(
      'UNAVAILABLE',
      'We could not cancel your subscription with our payment provider, so nothing was deleted. Please try again in a few minutes.',
    );
  }
}

/**
 * Deletes an account for good (UK GDPR right to erasure), once its owner has typed their email:
 * 1. any subscription that could still charge is cancelled at Stripe (a failure there deletes nothing);
 * 2. in one transaction, every row about them goes: the user row (its sessions, sign-in methods and
 *    every feature's rows follow by cascade), and the rows keyed by their address (waitlist place,
 *    suppression, messages to us, sign-in links, queued mail and its development copies), while the
 *    confirmation email is queued;
 * 3. their uploaded files are removed: everything under their prefix, whatever feature wrote it.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  user: CurrentUser,
  session: AuthSession,
  { confirmEmail, password }: AccountDeletion,
  checkPassword: PasswordCheck,
) {
  if (!isSameEmail(confirmEmail, user.email)) {
    throw new AppError(
      'BAD_REQUEST',
      `Type ${user.email} exactly to confirm that you want to delete this account.`,
      {
        confirmEmail: 'This is not the email address of your account.',
      },
    );
  }
  await checkRecentSignIn(deps, session, password, checkPassword);
  await cancelSubscription(deps, user.id);
  const email = user.email.toLowerCase();
  await deps.db.transaction(async (tx) => {
    // The copy of the account queued for the external data service is the account's own.
    await deleteOutboxOfAccount(tx, user.id);
    if (user.emailVerified) await deleteAddressRows(tx, email);
    if (!(await deleteUserAccount(tx, user.id))) {
      throw new AppError('NOT_FOUND', 'This account was already deleted.');
    }
    await enqueueOutbound(deps.jobs, tx, [{ channel: 'email', template: 'account-deleted', to: email }]);
  });
  await deleteCreatorFiles(deps.storage, user.id).catch((error: unknown) =>
    deps.log.error(
      { err: error, userId: user.id },
      'The uploaded files of a deleted account could not be removed',
    ),
  );
}

/**
 * What belongs to the address rather than the account (waitlist place, unsubscribe, messages to us,
 * pending sign-in links, queued mail): erased only with an account that proved it owns the address, so an
 * unproven account made with someone's address cannot take their place or their unsubscribe with it.
 */
async function deleteAddressRows(tx: Tx, email: string) {
  await deleteOutboxOfAddress(tx, email);
  await deleteDevMailTo(tx, email);
  await deleteSignInLinksTo(tx, email);
  await deleteSuppression(tx, email);
  await deleteWaitlistPlace(tx, email);
  await deleteMessagesFrom(tx, email);
}
