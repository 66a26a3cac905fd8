import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../../lib/http-error.ts';

/** Largest picture a user may upload or save inline. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Largest picture in pixels (width × height): decoding anything bigger costs too much memory. */
const MAX_IMAGE_PIXELS = 64_000_000;
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp']);

export const UNSUPPORTED_IMAGE = 'Please upload a PNG, JPEG or WebP image.';

export interface CheckedImage {
  bytes: Buffer;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  width: number;
  height: number;
}

/**
 * A user's picture, checked by its bytes (never its name or declared type): a PNG, JPEG or WebP
 * that decodes to the end. It is stored upright and re-encoded without its metadata, so a photo's
 * location and camera details never leave with a shared link.
 */
export async function checkImage(bytes: Buffer, maxBytes = MAX_IMAGE_BYTES): Promise<CheckedImage> {
  if (bytes.byteLength > maxBytes)
    throw new HttpError(
      413,
      'image_too_large',
      `Images must be smaller than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      { max_bytes: maxBytes },
    );
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime))
    throw new HttpError(415, 'image_unsupported', UNSUPPORTED_IMAGE, { detected: type?.mime ?? null });
  const mime = type.mime as CheckedImage['mime'];
  // sharp (libvips) loads with the first image checked: a server that gets none keeps it unloaded.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
    const encoded =
      mime === 'image/png'
        ? image.png({ compressionLevel: 9 })
        : mime === 'image/jpeg'
          ? image.jpeg({ quality: 92, mozjpeg: true })
          : image.webp({ quality: 92 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { bytes: data, mime, width: info.width, height: info.height };
  } catch (err) {
    throw new HttpError(
      422,
      'image_undecodable',
      'This image could not be read: the file may be damaged or cut short. Choose another image.',
      { reason: err instanceof Error ? err.message.slice(0, 200) : 'unreadable' },
    );
  }
}

/** `data:image/png;base64,…` as bytes; undefined when it is not a base64 image data URL. */
export function decodeDataUrl(value: string): Buffer | undefined {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value.trim());
  if (!match?.[1]) return undefined;
  return Buffer.from(match[1].replace(/\s+/g, ''), 'base64');
}
