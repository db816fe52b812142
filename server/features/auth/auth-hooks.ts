import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { AccountEmailDeps } from './account-emails';
import { passwordProblem } from './passwords';
import { checkedProfileBody } from './profile-rules';
import { forgetFailures, recordFailedSignIn, refuseWhileLocked } from './sign-in-lock';
import { signUpDeviceCookie } from './sign-up-device';

/** Where a new password arrives in each endpoint that sets one. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/**
 * Every endpoint that checks a password, counted towards one per-account limit and lock
 * (sign-in-lock.ts): a guesser who holds a session, or asks from many addresses, gets no more tries
 * through one than through another. Sign-in names the account in its body; the others check the
 * password of the session's account.
 */
const PASSWORD_CHECKS = new Set(['/sign-in/email', '/verify-password', '/change-password']);

/**
 * The endpoints that act on the session's own account: a signed-out call is refused with 401 before
 * anything it sends is judged, as every signed-in route of ours is.
 */
const SESSION_PATHS = new Set(['/change-password', '/set-password', '/verify-password']);

/** The endpoints that write profile fields, held to the profile's rules (profile-rules.ts). */
const PROFILE_PATHS = new Set(['/sign-up/email', '/update-user']);

const bodyOf = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

/** The address whose password the request checks: the one typed to sign in, or the session's. */
async function checkedAddress(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  if (ctx.path === '/sign-in/email') return bodyOf(ctx.body)?.email;
  const session = ctx.context.session ?? (await getSessionFromCtx(ctx));
  return session?.user.email;
}

/** A wrong password as each endpoint answers it: 401 to a sign-in, INVALID_PASSWORD to the others. */
function isWrongPassword(path: string, returned: unknown) {
  if (!(returned instanceof APIError)) return false;
  if (path === '/sign-in/email') return returned.statusCode === 401;
  return (returned.body as { code?: unknown } | undefined)?.code === 'INVALID_PASSWORD';
}

/**
 * Our rules around Better Auth's endpoints: every new password is checked, profile fields keep one set
 * of rules, a sign-up marks the browser it came from (sign-up-device.ts), every password check is
 * limited per account as well as per client address, and a password change signs every other device
 * out unless the person asked to keep them signed in.
 */
export function authHooks(deps: AccountEmailDeps) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      if (SESSION_PATHS.has(ctx.path) && !(ctx.context.session ?? (await getSessionFromCtx(ctx)))) {
        throw new APIError('UNAUTHORIZED', { code: 'UNAUTHORIZED', message: 'Unauthorized' });
      }
      const body = bodyOf(ctx.body);
      const field = NEW_PASSWORD_FIELDS[ctx.path];
      const password = field ? body?.[field] : undefined;
      if (typeof password === 'string') {
        const problem = passwordProblem(password);
        if (problem) throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problem });
      }
      if (PASSWORD_CHECKS.has(ctx.path)) await refuseWhileLocked(deps, await checkedAddress(ctx));
      if (PROFILE_PATHS.has(ctx.path) && body) {
        return { context: { body: checkedProfileBody(ctx.path, body) } };
      }
      // Whoever changes a password may be taking the account back: the other devices go, unless the
      // person ticked "Keep my other devices signed in" (which sends `revokeOtherSessions: false`).
      if (ctx.path === '/change-password' && body) {
        return { context: { body: { ...body, revokeOtherSessions: body.revokeOtherSessions !== false } } };
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path === '/sign-up/email') {
        const userId = (ctx.context.returned as { user?: { id?: unknown } } | undefined)?.user?.id;
        if (typeof userId === 'string') {
          const cookie = signUpDeviceCookie(deps.config, userId);
          ctx.setCookie(cookie.name, cookie.value, cookie.options);
        }
        return;
      }
      if (!PASSWORD_CHECKS.has(ctx.path)) return;
      const email = await checkedAddress(ctx);
      const returned = ctx.context.returned;
      if (!(returned instanceof APIError)) await forgetFailures(deps, email);
      else if (isWrongPassword(ctx.path, returned)) await recordFailedSignIn(deps, email);
    }),
  };
}
