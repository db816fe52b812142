import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { AccountEmailDeps } from './account-emails';
import { passwordProblem } from './passwords';
import { checkedProfileBody } from './profile-rules';
import { forgetFailures, recordFailedSignIn, refuseWhileLocked } from './sign-in-lock';

/** Where a new password arrives in each endpoint that sets one. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/** The endpoints that write profile fields, held to the profile's rules (profile-rules.ts). */
const PROFILE_PATHS = new Set(['/sign-up/email', '/update-user']);

const bodyOf = (body: unknown) =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;

/**
 * Our rules around Better Auth's endpoints: every new password is checked, profile fields keep one set
 * of rules, and password sign-in is limited per account as well as per client address.
 */
export function authHooks(deps: AccountEmailDeps) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const body = bodyOf(ctx.body);
      const field = NEW_PASSWORD_FIELDS[ctx.path];
      const password = field ? body?.[field] : undefined;
      if (typeof password === 'string') {
        const problem = passwordProblem(password);
        if (problem) throw new APIError('BAD_REQUEST', { code: 'WEAK_PASSWORD', message: problem });
      }
      if (ctx.path === '/sign-in/email') await refuseWhileLocked(deps, body?.email);
      if (PROFILE_PATHS.has(ctx.path) && body) {
        return { context: { body: checkedProfileBody(ctx.path, body) } };
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== '/sign-in/email') return;
      const email = bodyOf(ctx.body)?.email;
      const returned = ctx.context.returned;
      if (!(returned instanceof APIError)) await forgetFailures(deps, email);
      else if (returned.statusCode === 401) await recordFailedSignIn(deps, email);
    }),
  };
}
