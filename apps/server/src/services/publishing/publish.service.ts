import type { Publication, PublishRequest, PublishResult } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FeaturedImage, PostDraft } from '../../engines/publisher/publisher.ts';
import { markdownToHtml } from '../../lib/markdown.ts';
import type { PublishingRepository } from '../../repositories/publishing.repository.ts';
import type { ContentService } from '../content/content.service.ts';
import type { ConnectionsService } from './connections.service.ts';
import { readyLanguage } from './piece-language.ts';
import { publishHttpError } from './publish-errors.ts';
import type { Publishers } from './publishers.ts';

/** Where a piece's featured image comes from (the infographic chosen for it), if anywhere. */
export interface FeaturedImages {
  /**
   * The image to send with the post: the one named by `imageId` (the user's own, else a 404),
   * else one chosen for the piece, else null.
   */
  forContent(
    userId: string,
    contentId: string,
    language: string,
    imageId?: string,
  ): Promise<FeaturedImage | null>;
}

/** Longest one publish may take, image upload included. */
const PUBLISH_TIMEOUT_MS = 120_000;

/**
 * Publishing a piece in one language to one connection. It runs in the request: a handful of
 * calls (tags, one image, the post) bounded by time limits, and the user waits for the link. The
 * first time it creates a post; after that it updates the same post (a post deleted on the site
 * is made again). A failure changes nothing here and says why.
 */
export class PublishService {
  /** One publish at a time per piece, connection and language, so a double click makes one post. */
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(
    private readonly deps: {
      content: ContentService;
      connections: ConnectionsService;
      repository: PublishingRepository;
      publishers: Publishers;
      images: FeaturedImages;
      logger: FastifyBaseLogger;
    },
  ) {}

  async publish(
    userId: string,
    contentId: string,
    request: Required<Omit<PublishRequest, 'language' | 'infographic_id'>> & {
      language?: string | undefined;
      infographic_id?: string | undefined;
    },
  ): Promise<PublishResult> {
    const row = await this.deps.content.owned(userId, contentId);
    const { language, translation } = readyLanguage(row, request.language);
    const connection = await this.deps.connections.owned(userId, request.connection_id);
    // Read before waiting for an earlier publish: a wrong image id is refused at once.
    const image = await this.deps.images.forContent(userId, row.id, language, request.infographic_id);
    const key = `${row.id}:${connection.id}:${language}`;
    const before = this.running.get(key);
    const run = (async () => {
      await before?.catch(() => {});
      const publisher = this.deps.publishers.forConnection(connection);
      const post: PostDraft = {
        title: translation.title || row.title,
        html: markdownToHtml(translation.text),
        tags: row.keywords.filter((k) => k.trim()),
        status: request.status,
        featuredImage: image,
      };
      const signal = AbortSignal.timeout(PUBLISH_TIMEOUT_MS);
      const earlier = await this.deps.repository.publication(row.id, connection.id, language);
      try {
        const updated = earlier ? await publisher.update(earlier.remoteId, post, signal) : null;
        const remote = updated ?? (await publisher.create(post, signal));
        await this.deps.repository.savePublication({
          contentId: row.id,
          connectionId: connection.id,
          language,
          remoteId: remote.id,
          remoteUrl: remote.url,
          status: request.status,
        });
        await this.deps.repository.touchConnection(connection.id);
        return {
          remote_id: remote.id,
          remote_url: remote.url,
          updated: updated !== null,
          status: request.status,
          featured_image: image !== null,
        } satisfies PublishResult;
      } catch (err) {
        this.deps.logger.info({ err, contentId: row.id, connection: connection.id }, 'publishing failed');
        throw publishHttpError(err);
      }
    })();
    this.running.set(key, run);
    try {
      return await run;
    } finally {
      if (this.running.get(key) === run) this.running.delete(key);
    }
  }

  async publications(userId: string, contentId: string): Promise<Publication[]> {
    const row = await this.deps.content.owned(userId, contentId);
    return (await this.deps.repository.publications(row.id)).map((p) => ({
      connection_id: p.connectionId,
      platform: p.connection.platform,
      connection_name: p.connection.name,
      language: p.language,
      remote_id: p.remoteId,
      remote_url: p.remoteUrl,
      status: p.status,
      published_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
    }));
  }
}
