import { z } from 'zod';
import { emailAddressSchema } from './email-address';
import { DEFAULT_SIGNUP_SOURCE, WAITLIST_TIERS } from './waitlist';

export const waitlistSignupRequestSchema = z.object({
  email: emailAddressSchema,
  /** Which form the signup came from (landing, dialog, not-found …), for the operators' reports. */
  signupSource: z
    .string({ error: 'The signup source must be text.' })
    .trim()
    .min(1, 'The signup source cannot be empty.')
    .max(64, 'The signup source has at most 64 characters.')
    .default(DEFAULT_SIGNUP_SOURCE),
});

export const waitlistSignupResponseSchema = z.object({
  tier: z.enum(WAITLIST_TIERS),
  position: z.number().int().positive(),
  message: z.string(),
});

export const waitlistCountersSchema = z.object({
  freeSpots: z.number().int().nonnegative(),
  lifetimeSpots: z.number().int().nonnegative(),
  totalSignups: z.number().int().nonnegative(),
});

export type WaitlistSignupRequest = z.input<typeof waitlistSignupRequestSchema>;
export type WaitlistSignupResponse = z.infer<typeof waitlistSignupResponseSchema>;
