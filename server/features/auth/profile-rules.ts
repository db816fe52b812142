import { profileUpdateSchema } from '@common/account';
import { APIError } from 'better-auth/api';

/*
 * The profile's rules hold whichever endpoint writes it: the app's own `PATCH /api/account/profile` and
 * picture upload, and Better Auth's sign-up and `/update-user`, which would otherwise store any name and
 * any image URL (a 100,000-character name, a tracking pixel on another site shown on our pages).
 */

const MAX_FIRST_NAME_LENGTH = profileUpdateSchema.shape.firstName.maxLength ?? 50;

const IMAGE_REFUSAL =
  'A profile picture can only be one you upload on the settings page. Upload it there instead.';

function refuse(message: string): never {
  throw new APIError('BAD_REQUEST', { code: 'INVALID_PROFILE', message });
}

/** The first name as the profile route stores it (trimmed, 1 to 50 characters), or a 400 saying why not. */
export function checkedFirstName(name: unknown): string {
  const parsed = profileUpdateSchema.shape.firstName.safeParse(name);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? 'Enter your first name.');
  return parsed.data;
}

/**
 * A sign-up's or `/update-user`'s body with the profile's rules applied: the name checked and trimmed,
 * and no image at all, since the only picture an account may show is the one uploaded to us (written by
 * the account feature, never through the library).
 */
export function checkedProfileBody(path: string, body: Record<string, unknown>): Record<string, unknown> {
  if (body.image !== undefined) refuse(IMAGE_REFUSAL);
  // A sign-up may leave the name out (the welcome then says 'Creator', as for single sign-on without
  // one); once an account has a name, it can be changed but not blanked.
  if (path === '/sign-up/email' && (body.name === undefined || String(body.name).trim() === '')) {
    return { ...body, name: '' };
  }
  if (path === '/sign-up/email' || body.name !== undefined) {
    return { ...body, name: checkedFirstName(body.name) };
  }
  return body;
}

/**
 * The same rules on the rows the library writes, whatever wrote them: single sign-on names its own
 * profile (kept to the same length; a provider's picture is never taken), and an update that slipped
 * past the endpoint check is refused.
 */
export function newUserProfile<T extends { name?: string | null; image?: string | null }>(user: T): T {
  return { ...user, name: (user.name ?? '').trim().slice(0, MAX_FIRST_NAME_LENGTH), image: null };
}

export function checkProfileUpdate(update: { name?: unknown; image?: unknown }) {
  if (update.image !== undefined && update.image !== null) refuse(IMAGE_REFUSAL);
  if (update.name !== undefined) checkedFirstName(update.name);
}
