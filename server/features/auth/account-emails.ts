import { PASSWORD_RESET_MINUTES } from '@common/auth';
import { describeDevice } from '@common/devices';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EmailMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutboundWithinLimits } from '../../jobs/outbox';
import { CLIENT_IP_HEADER } from './client-ip';
import { isSignUpDevice } from './sign-up-device';
import {
  createNotMeToken,
  findNotMeToken,
  markPasswordRemoved,
  proveAddressByReset,
  removeEveryWayIn,
  spendResetLinks,
} from './store';
import { findAccountSummary } from './users-store';

export type AccountEmailDeps = { config: Config; db: Db; jobs: Jobs; now: Clock };

type AuthUser = { id: string; email: string; emailVerified: boolean; createdAt: Date };

/** Where "Forgot password?" starts; emails point here to set or reset a password. */
export const forgotPasswordUrl = (config: Config) => `${config.publicUrl}/forgot-password`;

/**
 * Queues an email in the outbox, delivered (and retried) by its workers, never in the request. Kinds a
 * stranger can ask for (sign-in links, resets, confirmations, "someone tried to create an account") go
 * out at most a few times an hour to one address, however many ask (decision 063): one over is kept as
 * skipped, and the request answers as it always does.
 */
export async function sendAccountEmail(deps: AccountEmailDeps, message: EmailMessage) {
  await deps.db.transaction((tx) => enqueueOutboundWithinLimits(deps.jobs, tx, [message], deps.now()));
}

/**
 * The sign-up email, and the same again when the creator asks for it: it names when and from where the
 * account was made (kept from the sign-up, not from whoever asks to resend) and carries the
 * "This wasn't me" link, one per account.
 */
export async function sendEmailVerification(
  deps: AccountEmailDeps,
  user: AuthUser,
  url: string,
  request: Request | undefined,
) {
  const existing = await findNotMeToken(deps.db, user.id, deps.now());
  const notMe =
    existing ??
    (await createNotMeToken(
      deps.db,
      {
        userId: user.id,
        createdAt: user.createdAt.toISOString(),
        ipAddress: request?.headers.get(CLIENT_IP_HEADER) ?? null,
        device: describeDevice(request?.headers.get('user-agent')),
      },
      deps.now(),
    ));
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'verify-email',
    to: user.email,
    url,
    notMeUrl: `${deps.config.publicUrl}/api/account/not-me?token=${encodeURIComponent(notMe.token)}`,
    createdAt: notMe.createdAt,
    ipAddress: notMe.ipAddress,
    device: notMe.device,
  });
}

/** A sign-up with an address that has an account: its owner hears of it, the visitor sees nothing new. */
export async function tellOwnerOfSignUpAttempt(deps: AccountEmailDeps, user: AuthUser) {
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'sign-up-existing',
    to: user.email,
    signInUrl: `${deps.config.publicUrl}/sign-in`,
    resetUrl: forgotPasswordUrl(deps.config),
  });
}

export async function sendPasswordReset(deps: AccountEmailDeps, user: AuthUser, url: string) {
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'password-reset',
    to: user.email,
    url,
    expiresInMinutes: PASSWORD_RESET_MINUTES,
  });
}

/**
 * After a reset link was used: the link came from the inbox, so the address is proven now (any other
 * sign-in method linked before that proof goes, as a sign-in link would do), every other reset link of
 * the account is spent (one asked for earlier must not set a password over this one), and the owner is
 * told.
 */
export async function afterPasswordReset(deps: AccountEmailDeps, user: AuthUser) {
  if (!user.emailVerified) await proveAddressByReset(deps.db, user.id);
  await spendResetLinks(deps.db, user.id);
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'password-changed',
    to: user.email,
    resetUrl: forgotPasswordUrl(deps.config),
    how: 'reset',
  });
}

/**
 * A password changed by someone signed in: the inbox hears of it, with the way to the reset link that
 * takes the account back (a reset signs every device out), since whoever changed it may not be the
 * inbox's owner.
 */
export async function afterPasswordChange(deps: AccountEmailDeps, userId: string) {
  const account = await findAccountSummary(deps.db, userId);
  if (!account) return;
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'password-changed',
    to: account.email,
    resetUrl: forgotPasswordUrl(deps.config),
    how: 'change',
  });
}

/**
 * The sign-up's confirmation link was followed. In the browser that signed up, the person who chose the
 * password also holds the inbox, and nothing changes. Anywhere else (a laptop's sign-up confirmed on a
 * phone, or a stranger's sign-up confirmed by the owner) every session and password from before goes,
 * before the link signs this browser in; the owner is told on screen and by email how to set a password
 * (decision 056).
 */
export async function afterConfirmationLink(
  deps: AccountEmailDeps,
  user: { id: string },
  request: Request | undefined,
) {
  if (isSignUpDevice(deps.config, user.id, request?.headers.get('cookie'))) return;
  // Whoever chose the password may not own the inbox: every way in from before the proof goes.
  const hadPassword = await deps.db.transaction((tx) => removeEveryWayIn(tx, user.id));
  if (hadPassword) await whenPasswordRemovedByProof(deps, user.id);
}

/**
 * A link from the inbox proved the address of an account whose password was chosen before any proof, and
 * that password was removed (by Better Auth for a sign-in link, by `afterConfirmationLink` for the
 * confirmation link opened elsewhere): the owner is told by email, and on screen until they dismiss it.
 */
export async function whenPasswordRemovedByProof(deps: AccountEmailDeps, userId: string) {
  const email = await markPasswordRemoved(deps.db, userId);
  if (!email) return;
  await sendAccountEmail(deps, {
    channel: 'email',
    template: 'password-removed',
    to: email,
    resetUrl: forgotPasswordUrl(deps.config),
  });
}
