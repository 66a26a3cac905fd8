import { randomUUID } from 'node:crypto';
import type {
  GenerationResult,
  InfographicGenerateRequest,
  InfographicTemplate,
  InfographicVariation,
  TemplateDebug,
  zInfographicGenerateRequest,
} from '@voxpress/contracts';
import { parseInfographicSize } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { InfographicsConfig } from '../../../config/infographics-env.schema.ts';
import type { EngineStatus } from '../../../engines/engine.ts';
import { userMessageOf } from '../../../engines/engine.ts';
import type { RenderBrand, RenderRequest, RenderResult } from '../../../engines/renderer/renderer.ts';
import type { EventBus } from '../../../events/event-bus.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { ImageRow, ImagesRepository } from '../../../repositories/infographics/images.repository.ts';
import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import type { ContentService } from '../../content/content.service.ts';
import type { BrandKitService } from '../brand/brand-kit.service.ts';
import type { ShareLinkFinder } from '../brand/share-link.ts';
import type { ImageStore } from '../library/image-store.ts';
import { sizeLabel, sizeOf, toVariation } from '../library/infographic-mapper.ts';
import { assignDiagrams } from '../material/diagrams.ts';
import { dataFor } from '../material/infographic-material.ts';
import { type InfographicSource, resolveSource } from '../material/infographic-source.ts';
import type { InfographicDesigner } from '../planning/llm-designer.ts';
import { sampleMaterial } from '../planning/template-samples.ts';
import type { TemplatesService } from '../planning/templates.service.ts';
import { fixedPlans, llmPlans, templateCounts, type VariationPlan } from '../planning/variation-planner.ts';

export const GENERATION_FAILED = 'Failed to generate infographics. Please try again.';
export const SIZES_MISSING = 'Please select at least one size above to generate infographics';
/** Topic of `infographics.set_completed`: a set of variations finished (webhooks listen here). */
export const INFOGRAPHIC_EVENTS_TOPIC = 'infographics';
/** Most images one immediate request may draw; a job may draw more. */
export const MAX_IMMEDIATE_IMAGES = 60;
export const MAX_JOB_IMAGES = 135;

export type GenerateInput = z.output<typeof zInfographicGenerateRequest>;

/** Published on `INFOGRAPHIC_EVENTS_TOPIC` when a set is done, whether immediate or a job. */
export interface InfographicSetCompletedEvent {
  type: 'infographics.set_completed';
  user_id: string;
  set_id: string;
  job_id: string | null;
  content_id: string | null;
  transcription_id: string | null;
  image_ids: string[];
  total_generated: number;
  total_failed: number;
  [key: string]: unknown;
}

export interface Size {
  width: number;
  height: number;
}

/** Who a set is for and what it is drawn from: the content it belongs to and the choices made. */
export interface SetContext {
  userId: string;
  setId: string;
  jobId: string | null;
  contentId: string | null;
  transcriptionId: string | null;
  contentType: InfographicSource['contentType'];
  audience: InfographicSource['audience'];
  culturalContext: InfographicSource['culturalContext'];
  sizes: Size[];
  /** The user's brand kit, when the request asked for it and one is saved. */
  brand?: RenderBrand | undefined;
  /** The item's share page, drawn as a QR code, when asked for and a link is in force. */
  shareUrl?: string | undefined;
}

/** A set being made: its context, and each variation's plan. */
export interface PreparedSet extends SetContext {
  plans: VariationPlan[];
  notices: string[];
}

/** A set's context from the content it is drawn from. */
export function setContext(
  userId: string,
  source: InfographicSource,
  sizes: Size[],
  ids: { setId?: string | undefined; jobId?: string | undefined } = {},
): SetContext {
  return {
    userId,
    setId: ids.setId ?? randomUUID(),
    jobId: ids.jobId ?? null,
    contentId: source.content?.id ?? null,
    transcriptionId: source.content?.transcriptionId ?? null,
    contentType: source.contentType,
    audience: source.audience,
    culturalContext: source.culturalContext,
    sizes,
  };
}

/** What one render left: the stored image, or why it failed. */
export type RenderOutcome = { plan: VariationPlan; size: Size } & (
  | { row: ImageRow; failure?: undefined }
  | { row?: undefined; failure: string }
);

/** What generation needs of the renderer port: whether it can draw, and drawing. */
export interface InfographicRenderer {
  status(): Promise<EngineStatus | undefined>;
  render(request: RenderRequest, signal?: AbortSignal): Promise<RenderResult>;
}

export interface GenerationDeps {
  content: ContentService;
  /** The user's brand kit, for requests that ask for it. */
  brand?: Pick<BrandKitService, 'forRender'> | undefined;
  /** Reads who said a quote (named voices); without it quotes carry no speaker. */
  transcriptions?: Pick<TranscriptionsRepository, 'findOwned'> | undefined;
  /** The item's share link, for a QR code; without it no image carries one. */
  shareLinks?: Pick<ShareLinkFinder, 'urlFor'> | undefined;
  templates: TemplatesService;
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
 */
export class GenerationService {
  constructor(private readonly deps: GenerationDeps) {}

  /** The sizes asked for: `sizes` when given (never empty), else `size`, else the default. */
  sizes(request: Pick<GenerateInput, 'size' | 'sizes'>, fallback: string): Size[] {
    if (request.sizes && request.sizes.length === 0)
      throw new HttpError(400, 'infographic_sizes_missing', SIZES_MISSING);
    const values = request.sizes ?? [request.size ?? fallback];
    return [...new Set(values)].map(parseInfographicSize);
  }

  /** The user's brand kit as renders apply it, when asked for and saved. */
  async brandFor(userId: string, use: boolean | undefined): Promise<RenderBrand | undefined> {
    return use ? this.deps.brand?.forRender(userId) : undefined;
  }

  /**
   * The share page a QR code points at: asked for with `share_qr` (by default whenever the brand
   * is used), and only while the item has a link in force.
   */
  async shareUrlFor(
    userId: string,
    transcriptionId: string | null,
    wanted: boolean | undefined,
  ): Promise<string | undefined> {
    if (!wanted) return undefined;
    return (await this.deps.shareLinks?.urlFor(userId, transcriptionId)) ?? undefined;
  }

  /** Refuses work up front when no renderer can draw (rather than failing every variation). */
  async ensureRenderer(): Promise<void> {
    const status = await this.deps.renderer.status();
    if (status?.state !== 'ready')
      throw new HttpError(
        503,
        'renderer_unavailable',
        `Infographics cannot be drawn on this server right now${status ? `: ${status.reason}` : ''}. Please try again later.`,
      );
  }

  /** Analyzing: the content, the choices left open, the sizes. */
  async analyze(
    userId: string,
    request: GenerateInput,
    options: { defaultSize: string; setId?: string; jobId?: string },
  ): Promise<{ context: SetContext; source: InfographicSource }> {
    const sizes = this.sizes(request, options.defaultSize);
    const source = await resolveSource(
      this.deps.content,
      userId,
      request,
      undefined,
      this.deps.transcriptions,
    );
    const brand = await this.brandFor(userId, request.use_brand);
    const context = setContext(userId, source, sizes, options);
    const shareUrl = await this.shareUrlFor(
      userId,
      context.transcriptionId,
      request.share_qr ?? request.use_brand,
    );
    return { context: { ...context, brand, shareUrl }, source };
  }

  /**
   * Designing: how many of each kind (spec §9 flags), the built-in designs and the model's. When
   * model designs are wanted but no model is ready (or it fails), built-in ones take their place
   * and a notice says so.
   */
  async design(
    set: SetContext,
    source: InfographicSource,
    request: Pick<GenerateInput, 'variation_count' | 'fixed_template_count' | 'llm_template_count'>,
    options: { defaultVariations: number; maxImages: number; signal?: AbortSignal },
  ): Promise<PreparedSet> {
    const counts = templateCounts(this.deps.config, request, options.defaultVariations);
    const { material, contentType } = source;
    const notices: string[] = [];
    let llm: VariationPlan[] = [];
    if (counts.llm > 0) {
      if (await this.deps.designer.available()) {
        try {
          const designs = await this.deps.designer.design(
            material,
            contentType,
            counts.llm,
            options.signal ?? AbortSignal.timeout(60_000),
          );
          llm = llmPlans(designs, material, contentType, counts.fixed);
        } catch (err) {
          this.deps.logger.warn({ err }, 'the language model could not design infographic variations');
          notices.push(
            'The language model could not design variations this time; built-in templates were used instead.',
          );
        }
      } else {
        notices.push(
          'Language-model designs are switched on, but no language model is set up; built-in templates were used instead.',
        );
      }
    }
    const fixed = fixedPlans(material, contentType, counts.fixed + (counts.llm - llm.length));
    // Every variation of the set gets its own structure, across built-in and model designs.
    const plans = assignDiagrams([...fixed, ...llm.map((p, i) => ({ ...p, index: fixed.length + i }))]);
    const images = plans.length * set.sizes.length;
    if (images > options.maxImages)
      throw new HttpError(
        400,
        'bad_request',
        `That is ${images} images at once; at most ${options.maxImages} can be made in one request. Choose fewer sizes or variations${options.maxImages < MAX_JOB_IMAGES ? ', or submit a job' : ''}.`,
        { images, max_images: options.maxImages },
      );
    return { ...set, plans, notices };
  }

  /** Draws one variation at one size and stores it; a failure is reported, never thrown. */
  async renderOne(
    set: SetContext,
    plan: VariationPlan,
    size: Size,
    signal?: AbortSignal,
  ): Promise<RenderOutcome> {
    try {
      const result = await this.deps.renderer.render(
        {
          style: plan.style,
          contentType: set.contentType,
          width: size.width,
          height: size.height,
          data: plan.data,
          audience: set.audience,
          culturalContext: set.culturalContext,
          diagram: plan.diagram,
          brand: set.brand,
          shareUrl: set.shareUrl,
        },
        signal,
      );
      if (result.missing.length)
        this.deps.logger.warn(
          { set: set.setId, variation: plan.index, missing: result.missing.map(codepointName) },
          'an infographic has characters no installed font can draw',
        );
      const row = await this.deps.images.put(result.png, {
        userId: set.userId,
        contentId: set.contentId,
        transcriptionId: set.transcriptionId,
        jobId: set.jobId,
        setId: set.setId,
        name: plan.name,
        variationIndex: plan.index,
        variationType: plan.type,
        variationName: plan.variationName,
        templateId: plan.templateId,
        style: plan.style,
        emphasis: plan.emphasis,
        bestFor: plan.bestFor,
        contentType: set.contentType,
        audience: set.audience,
        culturalContext: set.culturalContext,
        language: plan.data.language,
        width: result.width,
        height: result.height,
        mimeType: 'image/png',
        data: plan.data,
        plan: {
          emphasis: plan.emphasis,
          reason: plan.reason,
          render_ms: result.renderMs,
          diagram: plan.diagram ?? 'cards',
          ...(set.brand ? { brand: true } : {}),
          ...(set.shareUrl ? { share_qr: true } : {}),
          ...(result.omitted.length ? { omitted: result.omitted } : {}),
          ...(result.missing.length ? { missing_glyphs: result.missing.map(codepointName) } : {}),
        },
        generationTimeMs: Math.max(0, Math.round(result.renderMs)),
      });
      // Already stored by an earlier run of the same job: that one counts.
      const stored =
        row ??
        (await this.deps.imageRows.forSet(set.setId)).find(
          (r) => r.variationIndex === plan.index && r.width === size.width && r.height === size.height,
        );
      if (!stored) throw new Error('The variation was neither stored nor found');
      return { plan, size, row: stored };
    } catch (err) {
      if (signal?.aborted) throw err;
      this.deps.logger.warn(
        { err, set: set.setId, variation: plan.index },
        'an infographic variation failed',
      );
      return { plan, size, failure: userMessageOf(err, GENERATION_FAILED) };
    }
  }

  /** Every variation at every size, all handed to the renderer pool at once. */
  renderAll(
    set: PreparedSet,
    onDone?: (outcome: RenderOutcome) => Promise<void> | void,
    signal?: AbortSignal,
  ) {
    return Promise.all(
      set.plans.flatMap((plan) =>
        set.sizes.map(async (size) => {
          const outcome = await this.renderOne(set, plan, size, signal);
          await onDone?.(outcome);
          return outcome;
        }),
      ),
    );
  }

  /** The variations of a set in the API's shape, failed ones included (success false). */
  async variations(
    set: PreparedSet,
    outcomes: readonly RenderOutcome[],
    options: { debug: boolean; dataUrls?: boolean },
  ): Promise<InfographicVariation[]> {
    return Promise.all(
      outcomes.map(async (o) => {
        if (!o.row) return failedVariation(o.plan, o.size, o.failure, options.debug, set);
        const dataUrl = options.dataUrls
          ? `data:${o.row.mimeType};base64,${(await this.deps.images.bytes(o.row)).toString('base64')}`
          : undefined;
        return toVariation(o.row, await this.deps.images.link(o.row), { dataUrl, debug: options.debug });
      }),
    );
  }

  /** Tells subscribers (webhooks) that a set is done: the images stored and how many failed. */
  async announce(set: SetContext, rows: readonly ImageRow[], failed: number): Promise<void> {
    const event: InfographicSetCompletedEvent = {
      type: 'infographics.set_completed',
      user_id: set.userId,
      set_id: set.setId,
      job_id: set.jobId,
      content_id: set.contentId,
      transcription_id: set.transcriptionId,
      image_ids: rows.map((r) => r.id),
      total_generated: rows.length,
      total_failed: failed,
    };
    await this.deps.events.publish(INFOGRAPHIC_EVENTS_TOPIC, event);
  }

  /** The stored images of outcomes, and how many failed. */
  static stored(outcomes: readonly RenderOutcome[]): [ImageRow[], number] {
    const rows = outcomes.flatMap((o) => (o.row ? [o.row] : []));
    return [rows, outcomes.length - rows.length];
  }

  /** A template drawn now with sample texts: what `debug/template/{id}` shows. */
  async debugTemplate(template: InfographicTemplate): Promise<TemplateDebug> {
    const status = await this.deps.renderer.status();
    const data = dataFor(
      sampleMaterial(template.content_type),
      template.emphases[0] ?? 'key_points',
      template.custom_layers,
    );
    const size = { width: 512, height: 512 };
    const sample: TemplateDebug['sample'] = {
      data,
      size: sizeOf(size.width, size.height),
      render_ms: null,
      png_bytes: null,
      data_url: null,
      error: null,
    };
    try {
      const result = await this.deps.renderer.render({
        style: template.layout_style,
        contentType: template.content_type,
        ...size,
        data,
        audience: 'general',
        culturalContext: 'international',
      });
      sample.render_ms = Math.round(result.renderMs * 10) / 10;
      sample.png_bytes = result.png.byteLength;
      sample.data_url = `data:image/png;base64,${Buffer.from(result.png).toString('base64')}`;
    } catch (err) {
      sample.error = userMessageOf(err, GENERATION_FAILED);
    }
    return {
      template,
      renderer: {
        id: 'renderer',
        name: 'Infographic renderer',
        state: status?.state ?? 'missing',
        reason: status?.reason ?? 'No renderer is set up',
      },
      sample,
    };
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

  logPerformance(
    request: Pick<InfographicGenerateRequest, 'enable_performance_logging'>,
    set: PreparedSet,
    outcomes: readonly RenderOutcome[],
    ms: number,
  ): void {
    if (!(request.enable_performance_logging ?? this.deps.config.performanceLogging)) return;
    const renders = outcomes.flatMap((o) => (o.row ? [o.row.generationTimeMs] : [])).sort((a, b) => a - b);
    this.deps.logger.info(
      {
        set: set.setId,
        job: set.jobId,
        images: outcomes.length,
        failed: outcomes.length - renders.length,
        total_ms: ms,
        render_ms_median: renders[Math.floor(renders.length / 2)] ?? null,
        render_ms_max: renders.at(-1) ?? null,
      },
      'infographic set generated',
    );
  }
}

/** The spec's generation result from a set's variations. */
export function resultOf(set: PreparedSet, variations: InfographicVariation[], ms: number): GenerationResult {
  const generated = variations.filter((v) => v.success).length;
  return {
    success: generated > 0,
    variations,
    total_generated: generated,
    total_failed: variations.length - generated,
    error: generated > 0 ? null : (variations.find((v) => v.error)?.error ?? GENERATION_FAILED),
    set_id: set.setId,
    content_type: set.contentType,
    target_audience: set.audience,
    cultural_context: set.culturalContext,
    notices: set.notices,
    generation_time_ms: ms,
  };
}

/** A variation that could not be drawn: its plan, no image, and why. */
export function failedVariation(
  plan: VariationPlan,
  size: Size,
  error: string,
  debug: boolean,
  context?: Pick<SetContext, 'contentType' | 'audience' | 'culturalContext' | 'contentId'>,
): InfographicVariation {
  const variation: InfographicVariation = {
    id: '',
    name: plan.name,
    variation_name: plan.variationName,
    variation_index: plan.index,
    variation_type: plan.type,
    template_id: plan.templateId,
    infographic_url: null,
    url_expires_at: null,
    size: sizeOf(size.width, size.height),
    size_label: sizeLabel(size.width, size.height),
    width: size.width,
    height: size.height,
    style: plan.style,
    content_type: context?.contentType ?? 'enhanced',
    target_audience: context?.audience ?? 'general',
    cultural_context: context?.culturalContext ?? 'international',
    language: plan.data.language,
    template_info: { style: plan.style, emphasis: plan.emphasis, best_for: plan.bestFor },
    success: false,
    error,
    generation_time_ms: 0,
    generated_at: new Date().toISOString(),
    content_id: context?.contentId ?? null,
    data: plan.data,
  };
  if (debug) variation.debug = { emphasis: plan.emphasis, reason: plan.reason };
  return variation;
}

/** A codepoint as Unicode writes it: `U+13000`. */
const codepointName = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
