import { z } from 'zod';

/** The body of every error the API answers with. `message` is written for a person to read. */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  /** The call is one the creator's plan does not cover; the message names the plan that does. */
  PLAN_REQUIRED: 402,
  FORBIDDEN: 403,
  /** The action needs a recent sign-in or the password, not only a session (deleting the account). */
  REAUTHENTICATION_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
  /** STRIPE_SECRET_KEY is unset: nothing can be bought on this server. */
  PAYMENTS_NOT_CONFIGURED: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
