/**
 * Pictures members and editors upload, opened with sharp: what the bytes decode as, never what the file is called or
 * declared as, and never more pixels than a picture needs (a small file cannot unpack into gigabytes).
 */
import sharp from 'sharp';

/** Decoding stops past this many pixels (about 8,000 × 5,000). */
export const MAX_INPUT_PIXELS = 40_000_000;
const RASTER = new Set(['jpeg', 'png', 'webp']);

/** A decoder of the bytes; every call starts a new pipeline. */
export const openImage = (input: Buffer) => sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });

/** The bytes' picture format when it is JPEG, PNG or WebP, else null (not a picture, or one of another kind). */
export async function rasterFormat(input: Buffer): Promise<'jpeg' | 'png' | 'webp' | null> {
  try {
    const { format } = await openImage(input).metadata();
    return format && RASTER.has(format) ? (format as 'jpeg' | 'png' | 'webp') : null;
  } catch {
    return null;
  }
}
