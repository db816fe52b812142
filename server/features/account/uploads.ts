import path from 'node:path';

/** A creator's profile picture, one file per account. */
export const profileImagePath = (uploadsDir: string, userId: string) =>
  path.join(uploadsDir, 'profile-images', `${userId}.webp`);

/**
 * Every file a creator's uploads live in: their screenshot folder (`screenshots/<user id>/`, see the
 * screenshots feature) and their profile picture. Deleting an account removes these.
 */
export function userUploadPaths(uploadsDir: string, userId: string): string[] {
  // Ids are Better Auth's letters and digits; anything else must never become part of a path to remove.
  if (!/^[A-Za-z0-9_-]+$/.test(userId)) throw new Error('A user id that is unsafe in a path');
  return [path.join(uploadsDir, 'screenshots', userId), profileImagePath(uploadsDir, userId)];
}
