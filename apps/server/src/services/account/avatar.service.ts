import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError, notFound } from '../../lib/http-error.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';

/** Largest picture accepted before resizing. */
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** Side of the stored square picture, in pixels. */
export const AVATAR_SIZE = 256;
const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);
/** A picture larger than this many pixels is refused before it is decoded (decompression bombs). */
const MAX_INPUT_PIXELS = 40_000_000;

export const avatarTooLarge = () =>
  new HttpError(413, 'image_too_large', 'The picture must be smaller than 5 MB.', {
    max_bytes: MAX_AVATAR_BYTES,
  });
const invalid = () =>
  new HttpError(
    422,
    'image_invalid',
    'This file is not a picture we can use. Choose a PNG, JPEG, WebP, GIF or AVIF image.',
  );

/**
 * Profile pictures: checked by their bytes (never the name or the browser's type), cropped to a
 * 256×256 WebP on the server, stored under `avatars/<user>/<random>.webp` and served at a link
 * with that random part in it, which changes with every new picture.
 */
export class AvatarService {
  constructor(
    private readonly users: UsersRepository,
    private readonly blobs: BlobStore,
  ) {}

  /** Stores the picture and returns its link. */
  async set(userId: string, bytes: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !ACCEPTED.has(type.mime)) throw invalid();
    const { default: sharp } = await import('sharp'); // loaded with the first picture, not at start-up
    let webp: Buffer;
    try {
      webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw invalid();
    }
    const key = `avatars/${userId}/${randomBytes(16).toString('hex')}.webp`;
    await this.blobs.put(key, Readable.from([webp]), { contentType: 'image/webp' });
    const before = await this.users.findById(userId);
    await this.users.update(userId, { avatarKey: key, profileImage: avatarLink(key) });
    if (before?.avatarKey) await this.blobs.delete(before.avatarKey);
    return avatarLink(key);
  }

  /** Removes the picture (a Google account's picture is not brought back). */
  async remove(userId: string): Promise<void> {
    const row = await this.users.findById(userId);
    if (!row) return;
    await this.users.update(userId, { avatarKey: null, profileImage: null });
    if (row.avatarKey) await this.blobs.delete(row.avatarKey);
  }

  /** The bytes behind a link, only while it is the account's current picture. */
  async open(userId: string, file: string) {
    const key = `avatars/${userId}/${file}`;
    const row = /^[0-9a-f]{32}\.webp$/.test(file) ? await this.users.findById(userId) : undefined;
    if (!row || row.avatarKey !== key) throw notFound('Picture not found');
    return this.blobs.get(key);
  }
}

/** The picture's address on this server. */
export function avatarLink(key: string): string {
  return `/api/v1/${key}`;
}
