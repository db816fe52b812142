import type { SCREENSHOT_TYPES } from '@common/screenshots';
import sharp from 'sharp';
import { AppError } from '../../errors';
import { sniffImageType } from '../../image-type';

export type ScreenshotType = (typeof SCREENSHOT_TYPES)[number];

/** Twice a 4K screen: bigger images are not screenshots, and decoding them costs memory we will not spend. */
export const MAX_SCREENSHOT_PIXELS = 16_000_000;

const EXTENSIONS: Record<ScreenshotType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

export const extensionOf = (type: ScreenshotType) => EXTENSIONS[type];

export type CleanImage = { data: Buffer; type: ScreenshotType; width: number; height: number };

/**
 * Decodes the whole image and encodes it again in its own format: what we store holds pixels only (no
 * EXIF, GPS or colour-profile payloads), rotated as the camera meant. A file that does not decode in
 * full (truncated, corrupt) or whose pixel count is a decompression bomb is refused, naming the file.
 */
export async function cleanScreenshot(fileName: string, data: Buffer): Promise<CleanImage> {
  const type = sniffImageType(data);
  if (!type) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `Invalid File Type: ${fileName} is not a supported image format. Upload JPEG, PNG or WebP screenshots.`,
    );
  }
  try {
    const image = sharp(data, { limitInputPixels: MAX_SCREENSHOT_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 90, mozjpeg: true })
        : type === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 90 });
    const { data: clean, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data: clean, type, width: info.width, height: info.height };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `${fileName} is too large an image (more than ${MAX_SCREENSHOT_PIXELS / 1_000_000} megapixels). Upload a screenshot of your screen.`,
      );
    }
    throw new AppError(
      'BAD_REQUEST',
      `${fileName} could not be read as an image: it may be damaged or incomplete.`,
    );
  }
}
