import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError, notFound } from '../../../lib/http-error.ts';
import type {
  ImageInsert,
  ImageRow,
  ImagesRepository,
} from '../../../repositories/infographics/images.repository.ts';
import type { BlobStore } from '../../../storage/blob-store.ts';
import { BlobNotFoundError } from '../../../storage/blob-store.ts';
import type { AccessTokens } from '../../auth/tokens.ts';

/** How long an image link works: long enough for a gallery left open, short for a leaked link. */
export const IMAGE_LINK_TTL_S = 60 * 60;
/** Files under the prefix this old with no row are left by a crash (a row follows its file in ms). */
const ORPHAN_AFTER_MS = 60 * 60 * 1000;
export const IMAGES_PREFIX = 'infographics/';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const extensionOf = (mime: string) => EXTENSIONS[mime] ?? 'bin';

export const imageNotFound = () => notFound('Infographic not found', 'infographic_not_found');

export interface ImageStoreDeps {
  images: ImagesRepository;
  blobs: BlobStore;
  tokens: AccessTokens;
  logger: FastifyBaseLogger;
  /** PUBLIC_URL when configured: links are absolute from it; otherwise paths on this server. */
  publicUrl: string | undefined;
  /** Undefined: unsaved images are kept. */
  unsavedRetentionMs: number | undefined;
}

/** A link to an image and when it stops working. */
export interface ImageLink {
  url: string;
  expiresAt: Date;
}

/**
 * Images in the blob store (`infographics/<user>/<image>.<ext>`) with their rows, signed links
 * to them, and their removal: rows first, then files, so a row never points at a missing file;
 * what a crash leaves between the two is swept as an orphan.
 */
export class ImageStore {
  constructor(private readonly deps: ImageStoreDeps) {}

  /** Stores the bytes, then the row. Undefined when the set already has this variation. */
  async put(
    bytes: Uint8Array,
    values: Omit<ImageInsert, 'id' | 'blobKey' | 'sizeBytes' | 'expiresAt'> & { keep?: boolean },
  ): Promise<ImageRow | undefined> {
    const id = randomUUID();
    const { keep, ...row } = values;
    const blobKey = `${IMAGES_PREFIX}${values.userId}/${id}.${extensionOf(values.mimeType)}`;
    await this.deps.blobs.put(blobKey, Readable.from([Buffer.from(bytes)]), { contentType: values.mimeType });
    const retention = this.deps.unsavedRetentionMs;
    try {
      const inserted = await this.deps.images.insert({
        ...row,
        id,
        blobKey,
        sizeBytes: bytes.byteLength,
        expiresAt: keep || retention === undefined ? null : new Date(Date.now() + retention),
      });
      if (!inserted) await this.deps.blobs.delete(blobKey);
      return inserted;
    } catch (err) {
      await this.deps.blobs.delete(blobKey).catch(() => {});
      throw err;
    }
  }

  /** An image nothing keeps any more: it expires like a new unsaved variation. */
  async expireSoon(id: string): Promise<void> {
    const retention = this.deps.unsavedRetentionMs;
    if (retention !== undefined) await this.deps.images.setExpiry(id, new Date(Date.now() + retention));
  }

  /** The path of an image on this server, e.g. `/api/v1/infographics/images/<id>.png`. */
  static path(row: Pick<ImageRow, 'id' | 'mimeType'>): string {
    return `/api/v1/infographics/images/${row.id}.${extensionOf(row.mimeType)}`;
  }

  /** A signed link for the owner: it opens this image only, for `IMAGE_LINK_TTL_S`. */
  async link(row: Pick<ImageRow, 'id' | 'mimeType' | 'userId'>): Promise<ImageLink> {
    const path = ImageStore.path(row);
    const ticket = await this.deps.tokens.signLink(row.userId, path, IMAGE_LINK_TTL_S);
    return {
      url: `${this.deps.publicUrl ?? ''}${path}?ticket=${ticket}`,
      expiresAt: new Date(Date.now() + IMAGE_LINK_TTL_S * 1000),
    };
  }

  async owned(userId: string, id: string): Promise<ImageRow> {
    const row = await this.deps.images.findOwned(userId, id);
    if (!row) throw imageNotFound();
    return row;
  }

  /** The owner's image bytes. */
  async open(userId: string, id: string) {
    const row = await this.owned(userId, id);
    try {
      return { row, ...(await this.deps.blobs.get(row.blobKey)) };
    } catch (err) {
      if (err instanceof BlobNotFoundError)
        throw new HttpError(404, 'infographic_not_found', 'Infographic not found');
      throw err;
    }
  }

  async bytes(row: Pick<ImageRow, 'blobKey'>): Promise<Buffer> {
    const { stream } = await this.deps.blobs.get(row.blobKey);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Removes files whose rows are gone (keys from the repository's `delete…` methods). */
  async removeFiles(keys: readonly string[]): Promise<number> {
    for (const key of keys) await this.deps.blobs.delete(key);
    return keys.length;
  }

  /** Removes unsaved images past their time that no collection holds. */
  async sweepExpired(now = new Date()): Promise<number> {
    return this.removeFiles(await this.deps.images.deleteExpired(now));
  }

  /**
   * Removes image files with no row: left when a process died between storing a file and its row,
   * or when rows went with their content or account by a cascade. Only files older than an hour,
   * so an image being stored right now is never taken.
   */
  async sweepOrphans(now = new Date()): Promise<number> {
    const before = now.getTime() - ORPHAN_AFTER_MS;
    let removed = 0;
    let batch: string[] = [];
    const flush = async () => {
      const known = await this.deps.images.knownKeys(batch);
      removed += await this.removeFiles(batch.filter((k) => !known.has(k)));
      batch = [];
    };
    for await (const object of this.deps.blobs.list(IMAGES_PREFIX)) {
      if (object.modifiedAt.getTime() >= before) continue;
      batch.push(object.key);
      if (batch.length >= 200) await flush();
    }
    if (batch.length) await flush();
    return removed;
  }
}
