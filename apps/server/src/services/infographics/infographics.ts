import { and, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { infographicImages } from '../../db/infographics.schema.ts';
import { transcriptions } from '../../db/schema.ts';
import type { LlmConfigSource } from '../../engines/writer/llm/llm-providers.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import type { ImageSetPipeline } from '../../pipeline/image-set-pipeline.ts';
import type { Queue } from '../../queue/queue.ts';
import { BrandKitsRepository } from '../../repositories/infographics/brand-kits.repository.ts';
import { ImagesRepository } from '../../repositories/infographics/images.repository.ts';
import { InfographicJobsRepository } from '../../repositories/infographics/jobs.repository.ts';
import { InfographicLibraryRepository } from '../../repositories/infographics/library.repository.ts';
import { SharesRepository } from '../../repositories/shares.repository.ts';
import type { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AccessTokens } from '../auth/tokens.ts';
import type { ContentService } from '../content/content.service.ts';
import { BrandKitService } from './brand/brand-kit.service.ts';
import { ShareLinkFinder } from './brand/share-link.ts';
import { GenerationService } from './generation/generation.service.ts';
import { InfographicJobsService } from './generation/infographic-jobs.service.ts';
import { SingleGenerationService } from './generation/single-generation.service.ts';
import type { InfographicRenderer } from './generation/variation-renderer.ts';
import { InfographicFeaturedImages } from './library/featured-images.ts';
import { ImageStore } from './library/image-store.ts';
import { LibraryService } from './library/library.service.ts';
import { InfographicDesigner } from './planning/llm-designer.ts';
import { SuggestionsService } from './planning/suggestions.service.ts';
import { TemplatesService } from './planning/templates.service.ts';

export interface InfographicsDeps {
  config: Config;
  database: Database;
  queue: Queue;
  events: EventBus;
  blobs: BlobStore;
  tokens: AccessTokens;
  content: ContentService;
  transcriptions: TranscriptionsRepository;
  renderer: InfographicRenderer;
  /** The language-model settings in force, over the environment's. */
  llmSettings?: LlmConfigSource;
  logger: FastifyBaseLogger;
  /** Queues a set made as a job, and decides what follows its completion (webhooks). */
  imageSets: ImageSetPipeline;
}

/** Everything infographic: generation (now and as jobs), templates, suggestions, what users keep. */
export interface Infographics {
  images: ImageStore;
  generation: GenerationService;
  single: SingleGenerationService;
  jobs: InfographicJobsService;
  templates: TemplatesService;
  suggestions: SuggestionsService;
  library: LibraryService;
  designer: InfographicDesigner;
  cleanup: InfographicCleanup;
  /** The picture a published post carries. */
  featured: InfographicFeaturedImages;
  /** The user's brand kit. */
  brand: BrandKitService;
}

export function createInfographics(deps: InfographicsDeps): Infographics {
  const { config, database, logger } = deps;
  const flags = config.infographics;
  const imageRows = new ImagesRepository(database.db);
  const libraryRows = new InfographicLibraryRepository(database.db);
  const images = new ImageStore({
    images: imageRows,
    blobs: deps.blobs,
    tokens: deps.tokens,
    logger,
    publicUrl: config.publicUrlConfigured ? config.publicUrl : undefined,
    unsavedRetentionMs: flags.unsavedRetentionMs,
  });
  const designer = new InfographicDesigner(config.llm, deps.llmSettings);
  const templates = new TemplatesService(libraryRows);
  const brand = new BrandKitService(new BrandKitsRepository(database.db));
  const shareLinks = new ShareLinkFinder({
    shares: new SharesRepository(database.db),
    box: new SecretBox(config.secret, 'share links'),
    publicUrl: config.publicUrlConfigured ? config.publicUrl : undefined,
  });
  const generation = new GenerationService({
    brand,
    shareLinks,
    content: deps.content,
    transcriptions: deps.transcriptions,
    designer,
    renderer: deps.renderer,
    images,
    imageRows,
    events: deps.events,
    config: flags,
    logger,
  });
  return {
    images,
    generation,
    designer,
    templates,
    single: new SingleGenerationService({
      generation,
      content: deps.content,
      transcriptions: deps.transcriptions,
      templates,
      designer,
      images,
      logger,
      debugging: flags.debugging,
    }),
    jobs: new InfographicJobsService({
      database,
      jobs: new InfographicJobsRepository(database.db),
      imageRows,
      images,
      generation,
      content: deps.content,
      queue: deps.queue,
      events: deps.events,
      tokens: deps.tokens,
      defaultVariations: flags.defaultVariations,
      flags,
      debugging: flags.debugging,
      logger,
      pipeline: deps.imageSets,
    }),
    suggestions: new SuggestionsService({
      content: deps.content,
      templates,
      designer,
      shareLinks,
      logger,
    }),
    library: new LibraryService({
      library: libraryRows,
      imageRows,
      images,
      content: deps.content,
      transcriptions: deps.transcriptions,
      templates,
    }),
    cleanup: new InfographicCleanup(imageRows, images, database),
    featured: new InfographicFeaturedImages({ library: libraryRows, images, logger }),
    brand,
  };
}

/**
 * Removes images with what they belong to: call before deleting a piece of content, an audio item
 * or an account (rows go, then files). Anything a cascade takes without this is swept as an orphan.
 */
export class InfographicCleanup {
  constructor(
    private readonly rows: ImagesRepository,
    private readonly images: ImageStore,
    private readonly database: Database,
  ) {}

  async beforeContentDeleted(userId: string, contentId: string): Promise<void> {
    await this.images.removeFiles(
      await this.rows.deleteWhere(
        and(eq(infographicImages.userId, userId), eq(infographicImages.contentId, contentId)) as SQL,
      ),
    );
  }

  /** Images drawn from the audio's transcripts and the content written from them. */
  async beforeAudioDeleted(userId: string, audioId: string): Promise<void> {
    const rows = await this.database.db
      .select({ id: transcriptions.id })
      .from(transcriptions)
      .where(and(eq(transcriptions.audioId, audioId), eq(transcriptions.userId, userId)));
    await this.beforeTranscriptionsDeleted(rows.map((r) => r.id));
  }

  async beforeTranscriptionsDeleted(transcriptionIds: string[]): Promise<void> {
    await this.images.removeFiles(await this.rows.deleteForTranscriptions(transcriptionIds));
  }

  async beforeUserDeleted(userId: string): Promise<void> {
    await this.images.removeFiles(await this.rows.deleteForUser(userId));
  }

  /** Housekeeping: expired unsaved images, then files no row points at. */
  async sweep(): Promise<{ expired: number; orphans: number }> {
    const expired = await this.images.sweepExpired();
    const orphans = await this.images.sweepOrphans();
    return { expired, orphans };
  }
}
