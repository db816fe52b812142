import { z } from 'zod';

// The settings page's limit and email check live apart, free of zod, so the page does not download it.
export { isSameEmail, MAX_PROFILE_IMAGE_BYTES } from './account-limits';

export const profileUpdateSchema = z.object({
  firstName: z
    .string({ message: 'Your first name must be text.' })
    .trim()
    .min(1, 'Enter your first name.')
    .max(50, 'Keep your first name under 50 characters.'),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * Deleting an account is confirmed by typing its email address, and needs a sign-in within the last
 * few minutes or the account's password.
 */
export const accountDeletionSchema = z.object({
  confirmEmail: z
    .string({ message: 'Type your email address to confirm.' })
    .trim()
    .min(1, 'Type your email address to confirm.')
    .max(254, 'That is longer than an email address can be.'),
  password: z
    .string({ message: 'Your password must be text.' })
    .max(128, 'That is longer than a password can be.')
    .optional(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** One signed-in device, as the settings page lists it. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Windows", or null when the browser did not say. */
  device: z.string().nullable(),
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSecuritySchema = z.object({
  sessions: z.array(accountSessionSchema),
  hasPassword: z.boolean(),
  /** When this session started: deleting the account within a few minutes of it needs no password. */
  currentSignedInAt: z.string(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;
