import type { GenerationResult, InfographicVariation } from '@voxpress/contracts';
import type { ImageRow } from '../../../repositories/infographics/images.repository.ts';
import type { ImageStore } from '../library/image-store.ts';
import { sizeLabel, sizeOf, toVariation } from '../library/infographic-mapper.ts';
import type { VariationPlan } from '../planning/variation-planner.ts';
import { GENERATION_FAILED, type PreparedSet, type SetContext, type Size } from './set-context.ts';
import type { RenderOutcome } from './variation-renderer.ts';

/** The variations of a set in the API's shape, failed ones included (success false). */
export function variationsOf(
  images: Pick<ImageStore, 'bytes' | 'link'>,
  set: PreparedSet,
  outcomes: readonly RenderOutcome[],
  options: { debug: boolean; dataUrls?: boolean },
): Promise<InfographicVariation[]> {
  return Promise.all(
    outcomes.map(async (o) => {
      if (!o.row) return failedVariation(o.plan, o.size, o.failure, options.debug, set);
      const dataUrl = options.dataUrls
        ? `data:${o.row.mimeType};base64,${(await images.bytes(o.row)).toString('base64')}`
        : undefined;
      return toVariation(o.row, await images.link(o.row), { dataUrl, debug: options.debug });
    }),
  );
}

/** The stored images of outcomes, and how many failed. */
export function storedOf(outcomes: readonly RenderOutcome[]): [ImageRow[], number] {
  const rows = outcomes.flatMap((o) => (o.row ? [o.row] : []));
  return [rows, outcomes.length - rows.length];
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
