import type {
  GenerationResult,
  InfographicGenerateRequest,
  InfographicTemplate,
  InfographicVariation,
  TemplateDebug,
} from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { InfographicsConfig } from '../../../config/infographics-env.schema.ts';
import type { RenderBrand } from '../../../engines/renderer/renderer.ts';
import type { EventBus } from '../../../events/event-bus.ts';
import type { ImageRow, ImagesRepository } from '../../../repositories/infographics/images.repository.ts';
import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import type { ContentService } from '../../content/content.service.ts';
import type { BrandKitService } from '../brand/brand-kit.service.ts';
import type { ShareLinkFinder } from '../brand/share-link.ts';
import type { ImageStore } from '../library/image-store.ts';
import type { InfographicSource } from '../material/infographic-source.ts';
import type { InfographicDesigner } from '../planning/llm-designer.ts';
import type { VariationPlan } from '../planning/variation-planner.ts';
import { SetAnalysis } from './set-analysis.ts';
import {
  type GenerateInput,
  MAX_IMMEDIATE_IMAGES,
  type PreparedSet,
  type SetContext,
  type Size,
} from './set-context.ts';
import { SetDesign } from './set-design.ts';
import { announceSet } from './set-events.ts';
import { logSetPerformance } from './set-performance.ts';
import { resultOf, storedOf, variationsOf } from './set-result.ts';
import { debugTemplate } from './template-debug.ts';
import { type InfographicRenderer, type RenderOutcome, VariationRenderer } from './variation-renderer.ts';

export interface GenerationDeps {
  content: ContentService;
  /** The user's brand kit, for requests that ask for it. */
  brand?: Pick<BrandKitService, 'forRender'> | undefined;
  /** Reads who said a quote (named voices); without it quotes carry no speaker. */
  transcriptions?: Pick<TranscriptionsRepository, 'findOwned'> | undefined;
  /** The item's share link, for a QR code; without it no image carries one. */
  shareLinks?: Pick<ShareLinkFinder, 'urlFor'> | undefined;
  designer: InfographicDesigner;
  renderer: InfographicRenderer;
  images: ImageStore;
  imageRows: ImagesRepository;
  events: EventBus;
  config: InfographicsConfig;
  logger: FastifyBaseLogger;
}

/**
 * Makes sets of variations: reads the content (analyzing), plans the variations by the feature
 * flags (designing), and draws each one through the renderer pool, storing it as it is done
 * (generating). Immediate requests run it all at once; jobs run the same steps with progress.
 * Each step lives in its own module; this service holds them together.
 */
export class GenerationService {
  private readonly analysis: SetAnalysis;
  private readonly designing: SetDesign;
  private readonly drawing: VariationRenderer;

  constructor(private readonly deps: GenerationDeps) {
    this.analysis = new SetAnalysis(deps);
    this.designing = new SetDesign(deps);
    this.drawing = new VariationRenderer(deps);
  }

  /** The sizes asked for: `sizes` when given (never empty), else `size`, else the default. */
  sizes(request: Pick<GenerateInput, 'size' | 'sizes'>, fallback: string): Size[] {
    return this.analysis.sizes(request, fallback);
  }

  /** The user's brand kit as renders apply it, when asked for and saved. */
  brandFor(userId: string, use: boolean | undefined): Promise<RenderBrand | undefined> {
    return this.analysis.brandFor(userId, use);
  }

  /** The share page a QR code points at, when wanted and the item has a link in force. */
  shareUrlFor(
    userId: string,
    transcriptionId: string | null,
    wanted: boolean | undefined,
  ): Promise<string | undefined> {
    return this.analysis.shareUrlFor(userId, transcriptionId, wanted);
  }

  /** Refuses work up front when no renderer can draw (rather than failing every variation). */
  ensureRenderer(): Promise<void> {
    return this.drawing.ensureRenderer();
  }

  /** Analyzing: the content, the choices left open, the sizes. */
  analyze(
    userId: string,
    request: GenerateInput,
    options: { defaultSize: string; setId?: string; jobId?: string },
  ): Promise<{ context: SetContext; source: InfographicSource }> {
    return this.analysis.analyze(userId, request, options);
  }

  /** Designing: each variation's plan, built-in or the model's, within the image limit. */
  design(
    set: SetContext,
    source: InfographicSource,
    request: Pick<GenerateInput, 'variation_count' | 'fixed_template_count' | 'llm_template_count'>,
    options: { defaultVariations: number; maxImages: number; signal?: AbortSignal },
  ): Promise<PreparedSet> {
    return this.designing.design(set, source, request, options);
  }

  /** Draws one variation at one size and stores it; a failure is reported, never thrown. */
  renderOne(set: SetContext, plan: VariationPlan, size: Size, signal?: AbortSignal): Promise<RenderOutcome> {
    return this.drawing.renderOne(set, plan, size, signal);
  }

  /** Every variation at every size, all handed to the renderer pool at once. */
  renderAll(
    set: PreparedSet,
    onDone?: (outcome: RenderOutcome) => Promise<void> | void,
    signal?: AbortSignal,
  ): Promise<RenderOutcome[]> {
    return this.drawing.renderAll(set, onDone, signal);
  }

  /** The variations of a set in the API's shape, failed ones included (success false). */
  variations(
    set: PreparedSet,
    outcomes: readonly RenderOutcome[],
    options: { debug: boolean; dataUrls?: boolean },
  ): Promise<InfographicVariation[]> {
    return variationsOf(this.deps.images, set, outcomes, options);
  }

  /** Tells subscribers (webhooks) that a set is done: the images stored and how many failed. */
  announce(set: SetContext, rows: readonly ImageRow[], failed: number): Promise<void> {
    return announceSet(this.deps.events, set, rows, failed);
  }

  /** The stored images of outcomes, and how many failed. */
  static stored(outcomes: readonly RenderOutcome[]): [ImageRow[], number] {
    return storedOf(outcomes);
  }

  /** A template drawn now with sample texts: what `debug/template/{id}` shows. */
  debugTemplate(template: InfographicTemplate): Promise<TemplateDebug> {
    return debugTemplate(this.deps.renderer, template);
  }

  /** `react/generate` and its kin: a whole set now, through the renderer pool. */
  async generate(
    userId: string,
    request: GenerateInput,
    options: { defaultSize: string; defaultVariations?: number } = { defaultSize: '1080x1080' },
  ): Promise<GenerationResult> {
    const started = performance.now();
    const { context, source } = await this.analyze(userId, request, { defaultSize: options.defaultSize });
    const set = await this.design(context, source, request, {
      defaultVariations: options.defaultVariations ?? this.deps.config.defaultVariations,
      maxImages: MAX_IMMEDIATE_IMAGES,
    });
    await this.ensureRenderer();
    const outcomes = await this.renderAll(set);
    const debug = request.enable_debugging ?? this.deps.config.debugging;
    const variations = await this.variations(set, outcomes, { debug });
    await this.announce(set, ...GenerationService.stored(outcomes));
    const ms = Math.round(performance.now() - started);
    this.logPerformance(request, set, outcomes, ms);
    return resultOf(set, variations, ms);
  }

  /** Logs a finished set's timings when performance logging is on (by request or config). */
  logPerformance(
    request: Pick<InfographicGenerateRequest, 'enable_performance_logging'>,
    set: PreparedSet,
    outcomes: readonly RenderOutcome[],
    ms: number,
  ): void {
    if (!(request.enable_performance_logging ?? this.deps.config.performanceLogging)) return;
    logSetPerformance(this.deps.logger, set, outcomes, ms);
  }
}
