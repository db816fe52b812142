import { createHmac } from 'node:crypto';
import { APIError } from 'better-auth/api';
import type { Config } from '../../config';
import { type AccountEmailDeps, forgotPasswordUrl, sendAccountEmail } from './account-emails';
import {
  countedFailures,
  countFailedSignIn,
  forgetFailedSignIns,
  hasAccountWithAddress,
} from './sign-in-lock-store';

/**
 * Wrong passwords per account, whatever address they come from (the per-address limits alone let a
 * guesser spread tries over many addresses). The sixth failure within 15 minutes pauses password
 * sign-in to that account for 15 minutes from the last failure; one address may already try five a
 * minute, so its own limit answers first. The pause is short, and emailed links and reset links still
 * work, so a stranger who types wrong passwords on purpose keeps nobody out.
 */
export const ACCOUNT_SIGN_IN_LOCK = { failures: 6, minutes: 15 } as const;

export const SIGN_IN_LOCKED_MESSAGE = `Too many wrong passwords for this account, so password sign-in is paused for ${ACCOUNT_SIGN_IN_LOCK.minutes} minutes. Use "Email me a link" to sign in now.`;

/** The address as the count keys it: hashed with the app's secret, so the row does not hold it. */
function addressKey(config: Config, email: string) {
  return createHmac('sha256', config.sessionSecret)
    .update(`sign-in-failures:${email.trim().toLowerCase()}`)
    .digest('base64url');
}

/**
 * Refuses a password sign-in while the address is locked. It answers the same whether or not an
 * account has the address, so the lock tells nobody which addresses have one.
 */
export async function refuseWhileLocked(deps: AccountEmailDeps, email: unknown) {
  if (typeof email !== 'string' || !email) return;
  if (
    (await countedFailures(deps.db, addressKey(deps.config, email), deps.now())) <
    ACCOUNT_SIGN_IN_LOCK.failures
  )
    return;
  throw new APIError('TOO_MANY_REQUESTS', { code: 'SIGN_IN_LOCKED', message: SIGN_IN_LOCKED_MESSAGE });
}

/** Counts a wrong password; the failure that locks the account tells its owner, once. */
export async function recordFailedSignIn(deps: AccountEmailDeps, email: unknown) {
  if (typeof email !== 'string' || !email) return;
  const key = addressKey(deps.config, email);
  const count = await countFailedSignIn(deps.db, key, ACCOUNT_SIGN_IN_LOCK.minutes, deps.now());
  if (count !== ACCOUNT_SIGN_IN_LOCK.failures || !(await hasAccountWithAddress(deps.db, email))) return;
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'sign-in-locked',
    to: email.trim().toLowerCase(),
    signInUrl: `${deps.config.publicUrl}/sign-in`,
    resetUrl: forgotPasswordUrl(deps.config),
    lockedMinutes: ACCOUNT_SIGN_IN_LOCK.minutes,
  });
}

/** A password that worked, or a reset link used (the inbox is the owner's), clears the count. */
export async function forgetFailures(deps: Pick<AccountEmailDeps, 'config' | 'db'>, email: unknown) {
  if (typeof email === 'string' && email) await forgetFailedSignIns(deps.db, addressKey(deps.config, email));
}
