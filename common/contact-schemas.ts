import { z } from 'zod';
import { emailAddressSchema } from './email-address';

/** Generous bounds: the form sets none, but the API never stores unbounded text. */
export const MAX_CONTACT_NAME_LENGTH = 200;
export const MAX_CONTACT_MESSAGE_LENGTH = 10_000;

const requiredText = (field: string, prompt: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? prompt : `The ${field} must be text.`) })
    .trim()
    .min(1, prompt)
    .max(max, `Keep the ${field} under ${max.toLocaleString('en-GB')} characters.`);

export const contactMessageRequestSchema = z.object({
  name: requiredText('name', 'Enter your name.', MAX_CONTACT_NAME_LENGTH),
  email: emailAddressSchema,
  message: requiredText('message', 'Enter a message.', MAX_CONTACT_MESSAGE_LENGTH),
});

export const contactMessageResponseSchema = z.object({ success: z.boolean(), message: z.string() });

export type ContactMessageRequest = z.infer<typeof contactMessageRequestSchema>;
export type ContactMessageResponse = z.infer<typeof contactMessageResponseSchema>;

/** POST /api/strategy-review: The Mastermind's monthly strategy review request, with what to look at. */
export const strategyReviewRequestSchema = z.object({
  note: z
    .string()
    .trim()
    .max(MAX_CONTACT_MESSAGE_LENGTH, `Keep the note under ${MAX_CONTACT_MESSAGE_LENGTH} characters.`)
    .optional(),
});
