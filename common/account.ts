import { z } from 'zod';

/** A profile picture: JPEG, PNG or WebP up to this size, stored as a 256-pixel square. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

export const profileUpdateSchema = z.object({
  firstName: z
    .string({ message: 'Your first name must be text.' })
    .trim()
    .min(1, 'Enter your first name.')
    .max(50, 'Keep your first name under 50 characters.'),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Deleting an account is confirmed by typing its email address. */
export const accountDeletionSchema = z.object({
  confirmEmail: z
    .string({ message: 'Type your email address to confirm.' })
    .trim()
    .min(1, 'Type your email address to confirm.')
    .max(254, 'That is longer than an email address can be.'),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** The two addresses match, ignoring case and surrounding spaces. */
export const isSameEmail = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();
