import { z } from 'zod';

/** What GET /api/auth/user answers for a signed-in user. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  onboardingCompleted: z.boolean(),
  /** The address is proven (decision 028); until then nothing keyed by it reaches this account. */
  emailVerified: z.boolean(),
  /** The operators' console opens for this session (decision 030). */
  isAdmin: z.boolean(),
  /** A proven operator address: the console opens after signing in with an emailed link. */
  isOperator: z.boolean(),
  /** A sign-in link removed a password chosen before the address was proven; not yet dismissed. */
  isPasswordRemoved: z.boolean(),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Public runtime settings the client needs before anyone signs in (GET /api/config). */
export const publicConfigSchema = z.object({
  signIn: z.object({ password: z.boolean(), magicLink: z.boolean(), singleSignOn: z.boolean() }),
  stripePublishableKey: z.string().nullable(),
  supportEmail: z.string(),
  /** The data controller named on the privacy page (COMPANY_NAME, COMPANY_ADDRESS). */
  company: z.object({ name: z.string(), address: z.string().nullable() }),
});

export type PublicConfig = z.infer<typeof publicConfigSchema>;
