/** A profile picture: JPEG, PNG or WebP up to this size, stored as a 256-pixel square. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

/** The two addresses match, ignoring case and surrounding spaces. */
export const isSameEmail = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();
