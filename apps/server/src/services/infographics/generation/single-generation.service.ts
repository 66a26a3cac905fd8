import { randomUUID } from 'node:crypto';
import type {
  Emphasis,
  LayoutStyleKey,
  SingleGenerationResult,
  VariationType,
  zCustomInfographicRequest,
  zQuickGenerateRequest,
  zRerenderRequest,
} from '@voxpress/contracts';
import { parseInfographicSize } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Diagram, InfographicData } from '../../../engines/renderer/renderer.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { ImageRow } from '../../../repositories/infographics/images.repository.ts';
import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import type { ContentService } from '../../content/content.service.ts';
import type { ImageStore } from '../library/image-store.ts';
import { resolveSource } from '../material/infographic-source.ts';
import {
  bestForOf,
  builtInTemplateId,
  EMPHASIS_LABELS,
  layoutStyle,
} from '../planning/built-in-templates.ts';
import type { InfographicDesigner } from '../planning/llm-designer.ts';
import { styleFor } from '../planning/suggestions.service.ts';
import type { TemplatesService } from '../planning/templates.service.ts';
import { fixedPlans, llmPlans, type VariationPlan } from '../planning/variation-planner.ts';
import { GenerationService } from './generation.service.ts';
import { GENERATION_FAILED, type PreparedSet, type SetContext, setContext } from './set-context.ts';

/** The structures a stored plan may name. */
const DIAGRAMS: readonly Diagram[] = ['cards', 'flow', 'timeline', 'figures', 'quote', 'comparison'];

export const CUSTOM_NEEDS_CONTENT = 'A custom infographic needs content.';
const DEFAULT_SIZE = '1080x1080';

export interface SingleGenerationDeps {
  generation: GenerationService;
  content: ContentService;
  /** Reads who said a quote (named voices); without it quotes carry no speaker. */
  transcriptions?: Pick<TranscriptionsRepository, 'findOwned'> | undefined;
  templates: TemplatesService;
  designer: InfographicDesigner;
  images: ImageStore;
  logger: FastifyBaseLogger;
  debugging: boolean;
}

/**
 * One image at a time: the AI custom infographic, a quick single render (e.g. a variation made
 * again at 1080x1080), and a variation drawn again with the texts the user edited.
 */
export class SingleGenerationService {
  constructor(private readonly deps: SingleGenerationDeps) {}

  /**
   * `react/generate-custom`: the configured language model designs it when one is ready; without
   * one, the template that suits the audience and context, led by the content type's first emphasis.
   * Answers with the link and the image inline.
   */
  async custom(
    userId: string,
    request: z.output<typeof zCustomInfographicRequest>,
  ): Promise<SingleGenerationResult> {
    const source = await resolveSource(
      this.deps.content,
      userId,
      request,
      CUSTOM_NEEDS_CONTENT,
      this.deps.transcriptions,
    );
    const size = parseInfographicSize(request.size ?? DEFAULT_SIZE);
    const context = setContext(userId, source, [size]);
    const set = {
      ...context,
      brand: await this.deps.generation.brandFor(userId, request.use_brand),
      shareUrl: await this.deps.generation.shareUrlFor(
        userId,
        context.transcriptionId,
        request.share_qr ?? request.use_brand,
      ),
    };
    let plan: VariationPlan | undefined;
    if (await this.deps.designer.available()) {
      try {
        const [design] = await this.deps.designer.design(
          source.material,
          source.contentType,
          1,
          AbortSignal.timeout(60_000),
        );
        if (design) plan = llmPlans([design], source.material, source.contentType, 0)[0];
      } catch (err) {
        this.deps.logger.warn({ err }, 'the language model could not design a custom infographic');
      }
    }
    const style = styleFor(source.audience, source.culturalContext);
    plan ??= fixedPlans(source.material, source.contentType, 1, {
      template: { id: builtInTemplateId(style, source.contentType), name: '', style, layers: [] },
    })[0];
    if (!plan) throw new Error('No plan for a custom infographic');
    if (!plan.name) plan.name = `${layoutStyle(plan.style).name} Custom`;
    return this.draw(set, { ...plan, type: 'custom' }, { dataUrl: true });
  }

  /**
   * `quick-generate`: with `image_id`, that variation again at `size` (default 1080x1080), same
   * texts and template; otherwise one image of the content with `template_id` (default: the
   * `style`, else modern, of the content type).
   */
  async quick(
    userId: string,
    request: z.output<typeof zQuickGenerateRequest>,
  ): Promise<SingleGenerationResult> {
    const size = parseInfographicSize(request.size ?? DEFAULT_SIZE);
    if (request.image_id) {
      const row = await this.deps.images.owned(userId, request.image_id);
      if (!row.data)
        throw new HttpError(
          400,
          'bad_request',
          'An uploaded image cannot be drawn again at another size; generate one from its content instead.',
        );
      return this.again(row, row.data, size, request.style, 'quick');
    }
    const source = await resolveSource(
      this.deps.content,
      userId,
      request,
      undefined,
      this.deps.transcriptions,
    );
    const templateId =
      request.template_id ?? builtInTemplateId(request.style ?? 'modern', source.contentType);
    const template = await this.deps.templates.chosen(userId, templateId);
    const style = request.style ?? template.style;
    const [plan] = fixedPlans(source.material, source.contentType, 1, {
      template: { ...template, style },
      variationType: 'quick',
    });
    if (!plan) throw new Error('No plan for a quick infographic');
    return this.draw(setContext(userId, source, [size]), plan);
  }

  /** `react/rerender`: the variation with the user's edited texts, at its size or another. */
  async rerender(
    userId: string,
    request: z.output<typeof zRerenderRequest>,
  ): Promise<SingleGenerationResult> {
    const row = await this.deps.images.owned(userId, request.image_id);
    const size = request.size ? parseInfographicSize(request.size) : { width: row.width, height: row.height };
    return this.again(row, request.data as InfographicData, size, request.style, 'rerender');
  }

  /**
   * An image drawn again from a stored variation: its content, template, emphasis, structure and
   * (when it was drawn in the user's brand) the brand kit as it is now kept.
   */
  private async again(
    row: ImageRow,
    data: InfographicData,
    size: { width: number; height: number },
    styleOverride: LayoutStyleKey | undefined,
    type: VariationType,
  ): Promise<SingleGenerationResult> {
    const style = styleOverride ?? (row.style as LayoutStyleKey);
    const emphasis = row.emphasis as Emphasis;
    const drawn = (row.plan ?? {}) as { diagram?: unknown; brand?: unknown; share_qr?: unknown };
    const diagram = DIAGRAMS.find((d) => d === drawn.diagram);
    const set: SetContext = {
      userId: row.userId,
      setId: randomUUID(),
      jobId: null,
      contentId: row.contentId,
      transcriptionId: row.transcriptionId,
      contentType: row.contentType as SetContext['contentType'],
      audience: row.audience as SetContext['audience'],
      culturalContext: row.culturalContext as SetContext['culturalContext'],
      sizes: [size],
      brand: await this.deps.generation.brandFor(row.userId, drawn.brand === true),
      // The code again only while the item still has a link in force (it may have been revoked).
      shareUrl: await this.deps.generation.shareUrlFor(
        row.userId,
        row.transcriptionId,
        drawn.share_qr === true,
      ),
    };
    const plan: VariationPlan = {
      index: row.variationIndex,
      type,
      style,
      emphasis,
      templateId: styleOverride ? builtInTemplateId(style, set.contentType) : row.templateId,
      name: row.name,
      variationName: `${layoutStyle(style).name}: ${EMPHASIS_LABELS[emphasis] ?? emphasis}`,
      bestFor: bestForOf(style),
      data,
      reason: null,
      ...(diagram ? { diagram } : {}),
    };
    return this.draw(set, plan);
  }

  private async draw(
    context: SetContext,
    plan: VariationPlan,
    options: { dataUrl?: boolean } = {},
  ): Promise<SingleGenerationResult> {
    await this.deps.generation.ensureRenderer();
    const set: PreparedSet = { ...context, plans: [plan], notices: [] };
    const outcomes = await this.deps.generation.renderAll(set);
    const [variation] = await this.deps.generation.variations(set, outcomes, {
      debug: this.deps.debugging,
      dataUrls: options.dataUrl ?? false,
    });
    await this.deps.generation.announce(set, ...GenerationService.stored(outcomes));
    if (!variation?.success)
      return {
        success: false,
        infographic_url: null,
        data_url: null,
        error: variation?.error ?? GENERATION_FAILED,
        variation: variation ?? null,
      };
    return {
      success: true,
      infographic_url: variation.infographic_url,
      data_url: variation.data_url ?? null,
      error: null,
      variation,
    };
  }
}
