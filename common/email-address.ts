import { z } from 'zod';

/** RFC 5321 caps a forward path at 256 octets including the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;

/**
 * An email address as the API accepts it: trimmed and lower-cased, so that " Maya@Example.com " and
 * "maya@example.com" are the same person.
 */
export const emailAddressSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Enter your email address.' : 'The email must be text.'),
  })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email address.')
  .max(MAX_EMAIL_LENGTH, `An email address has at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email('Enter a valid email address, like name@example.com.'));
