import { z } from 'zod';
import { zEnvBool as bool } from './env-types.ts';

const count = (fallback: number, max: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/**
 * The infographic feature flags of the specification (§9) and how long unsaved images are kept.
 * Spread into `zEnv`; kept apart so they read as one group.
 */
export const zInfographicsEnv = z.object({
  INFOGRAPHIC_FIXED_TEMPLATES: bool
    .default(true)
    .describe('Variations drawn from the built-in templates (five layout styles per content type).'),
  INFOGRAPHIC_LLM_TEMPLATES: bool
    .default(false)
    .describe(
      'Variations designed by the configured language model: it picks the style, emphasis and which of the content’s own texts lead (it never writes new ones). Without a ready model, built-in templates stand in.',
    ),
  INFOGRAPHIC_HYBRID_TEMPLATES: bool
    .default(false)
    .describe(
      'Mix both kinds in one set when both are on. Off: a set uses built-in templates, or model designs only when built-in templates are off.',
    ),
  INFOGRAPHIC_MAX_FIXED_TEMPLATES: count(10, 15).describe('Most built-in-template variations in one set.'),
  INFOGRAPHIC_MAX_LLM_TEMPLATES: count(5, 15).describe('Most model-designed variations in one set.'),
  INFOGRAPHIC_DEFAULT_VARIATIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(15)
    .default(10)
    .describe('Variations in a set when the request does not say (the generator dialog asks for 5).'),
  INFOGRAPHIC_DEBUGGING: bool
    .default(false)
    .describe('Add each variation’s plan and timings to every answer, as enable_debugging does for one.'),
  INFOGRAPHIC_PERFORMANCE_LOGGING: bool
    .default(true)
    .describe(
      'Log the time of each generation and render (a request’s enable_performance_logging overrides it).',
    ),
  INFOGRAPHIC_UNSAVED_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'Days a generated image nobody saved or put in a collection is kept before it is removed. 0: kept until its content or account is deleted.',
    ),
});
export type InfographicsEnv = z.infer<typeof zInfographicsEnv>;

/** The infographic settings every part of the server reads. */
export interface InfographicsConfig {
  fixedTemplates: boolean;
  llmTemplates: boolean;
  hybridTemplates: boolean;
  maxFixedTemplates: number;
  maxLlmTemplates: number;
  defaultVariations: number;
  debugging: boolean;
  performanceLogging: boolean;
  /** Undefined: unsaved images are kept. */
  unsavedRetentionMs: number | undefined;
}

export function infographicsConfig(e: InfographicsEnv): InfographicsConfig {
  return {
    fixedTemplates: e.INFOGRAPHIC_FIXED_TEMPLATES,
    llmTemplates: e.INFOGRAPHIC_LLM_TEMPLATES,
    hybridTemplates: e.INFOGRAPHIC_HYBRID_TEMPLATES,
    maxFixedTemplates: e.INFOGRAPHIC_MAX_FIXED_TEMPLATES,
    maxLlmTemplates: e.INFOGRAPHIC_MAX_LLM_TEMPLATES,
    defaultVariations: e.INFOGRAPHIC_DEFAULT_VARIATIONS,
    debugging: e.INFOGRAPHIC_DEBUGGING,
    performanceLogging: e.INFOGRAPHIC_PERFORMANCE_LOGGING,
    unsavedRetentionMs: e.INFOGRAPHIC_UNSAVED_DAYS ? e.INFOGRAPHIC_UNSAVED_DAYS * 86_400_000 : undefined,
  };
}
