import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { sniffImageType } from '../../image-type';
import { creatorPrefix, type FileStorage, type StoredFile } from '../../integrations/storage/storage';
import { writeProfile } from '../auth/public';

export type ProfileDeps = { db: Db; storage: FileStorage };

/** A creator's profile picture: one file per account, under the creator's prefix. */
export const profileImageKey = (userId: string) => `${creatorPrefix(userId)}profile-image.webp`;

const IMAGE_SIZE = 256;
/** A picture is cropped to a square thumbnail, so anything bigger than a large photo is not one. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Where the signed-in creator's own picture is served. The version is the picture's own hash, so each
 * new picture is a new URL for the browser's cache, and the same picture the same one.
 */
const profileImageUrl = (image: Buffer) =>
  `/api/account/profile-image?v=${createHash('sha256').update(image).digest('hex').slice(0, 16)}`;

export async function updateFirstName(db: Db, userId: string, firstName: string) {
  await writeProfile(db, userId, { firstName });
}

/**
 * A new profile picture: checked by its bytes, decoded in full and re-encoded as a 256-pixel WebP square
 * (no metadata survives), stored over the old one, then recorded on the user.
 */
export async function saveProfileImage(
  { db, storage }: ProfileDeps,
  userId: string,
  fileName: string,
  data: Buffer,
) {
  if (!sniffImageType(data)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `${fileName} is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.`,
    );
  }
  let encoded: Buffer;
  try {
    encoded = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(IMAGE_SIZE, IMAGE_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      `${fileName} could not be read as an image: it may be damaged or too large.`,
    );
  }
  await storage.put(profileImageKey(userId), encoded, 'image/webp');
  const url = profileImageUrl(encoded);
  await writeProfile(db, userId, { profileImageUrl: url });
  return url;
}

export async function removeProfileImage({ db, storage }: ProfileDeps, userId: string) {
  await writeProfile(db, userId, { profileImageUrl: null });
  await storage.delete(profileImageKey(userId));
}

export async function openProfileImage(storage: FileStorage, userId: string): Promise<StoredFile> {
  const file = await storage.get(profileImageKey(userId));
  if (!file) throw notFound('Your profile picture');
  return file;
}
