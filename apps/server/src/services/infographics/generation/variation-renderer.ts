import type { FastifyBaseLogger } from 'fastify';
import type { EngineStatus } from '../../../engines/engine.ts';
import { userMessageOf } from '../../../engines/engine.ts';
import type { RenderRequest, RenderResult } from '../../../engines/renderer/renderer.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { ImageRow, ImagesRepository } from '../../../repositories/infographics/images.repository.ts';
import type { ImageStore } from '../library/image-store.ts';
import type { VariationPlan } from '../planning/variation-planner.ts';
import { GENERATION_FAILED, type PreparedSet, type SetContext, type Size } from './set-context.ts';

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

/** What drawing needs: the renderer, where images are stored, and a log for failures. */
export interface VariationRendererDeps {
  renderer: InfographicRenderer;
  images: ImageStore;
  imageRows: ImagesRepository;
  logger: FastifyBaseLogger;
}

/**
 * Generating: draws each variation of a set at each size through the renderer pool and stores it
 * as it is done. A variation that fails is reported as an outcome, never thrown.
 */
export class VariationRenderer {
  constructor(private readonly deps: VariationRendererDeps) {}

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
}

/** A codepoint as Unicode writes it: `U+13000`. */
const codepointName = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
