import type { FastifyBaseLogger } from 'fastify';
import type { InfographicsConfig } from '../../../config/infographics-env.schema.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { assignDiagrams } from '../material/diagrams.ts';
import type { InfographicSource } from '../material/infographic-source.ts';
import type { InfographicDesigner } from '../planning/llm-designer.ts';
import { fixedPlans, llmPlans, templateCounts, type VariationPlan } from '../planning/variation-planner.ts';
import { type GenerateInput, MAX_JOB_IMAGES, type PreparedSet, type SetContext } from './set-context.ts';

/** What designing needs: the model's designer, the feature flags, and a log for its failures. */
export interface SetDesignDeps {
  designer: InfographicDesigner;
  config: InfographicsConfig;
  logger: FastifyBaseLogger;
}

/**
 * Designing: how many of each kind (spec §9 flags), the built-in designs and the model's. When
 * model designs are wanted but no model is ready (or it fails), built-in ones take their place
 * and a notice says so.
 */
export class SetDesign {
  constructor(private readonly deps: SetDesignDeps) {}

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
}
