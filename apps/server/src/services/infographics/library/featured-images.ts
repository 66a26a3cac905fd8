import type { FastifyBaseLogger } from 'fastify';
import type { FeaturedImage } from '../../../engines/publisher/publisher.ts';
import type { ImageRow } from '../../../repositories/infographics/images.repository.ts';
import type { InfographicLibraryRepository } from '../../../repositories/infographics/library.repository.ts';
import { BlobNotFoundError } from '../../../storage/blob-store.ts';
import type { FeaturedImages } from '../../publishing/publish.service.ts';
import { extensionOf, type ImageStore, imageNotFound } from './image-store.ts';

/**
 * The picture a post is published with: the infographic the user names (theirs, or not found),
 * else the one they saved most recently from the piece, in the post's language first. A piece
 * with no saved image is published without one.
 */
export class InfographicFeaturedImages implements FeaturedImages {
  constructor(
    private readonly deps: {
      library: InfographicLibraryRepository;
      images: ImageStore;
      logger: FastifyBaseLogger;
    },
  ) {}

  async forContent(
    userId: string,
    contentId: string,
    language: string,
    imageId?: string,
  ): Promise<FeaturedImage | null> {
    if (imageId) {
      const row = await this.deps.images.owned(userId, imageId);
      const image = await this.read(row);
      if (!image) throw imageNotFound();
      return image;
    }
    const saved = await this.deps.library.newestSavedFor(userId, contentId, language);
    if (!saved) return null;
    const image = await this.read(saved);
    if (!image)
      this.deps.logger.warn({ image: saved.id }, 'a saved image has no file; publishing without it');
    return image;
  }

  /** The image's bytes and names; null when its file is gone (removed meanwhile). */
  private async read(row: ImageRow): Promise<FeaturedImage | null> {
    let bytes: Buffer;
    try {
      bytes = await this.deps.images.bytes(row);
    } catch (err) {
      if (err instanceof BlobNotFoundError) return null;
      throw err;
    }
    const title = row.data?.title;
    const alt = typeof title === 'string' && title.trim() ? title.trim() : row.name;
    return {
      bytes,
      fileName: `${fileStem(alt)}-${row.width}x${row.height}.${extensionOf(row.mimeType)}`,
      contentType: row.mimeType,
      alt,
    };
  }
}

/** A file name sites accept: letters and digits of the title, joined by hyphens. */
function fileStem(title: string): string {
  const stem = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return stem || 'infographic';
}
