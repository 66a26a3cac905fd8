import {
  type BestFor,
  type CustomLayer,
  type Emphasis,
  type InfographicContentType,
  LAYOUT_STYLE_KEYS,
  type LayoutStyleKey,
  type VariationType,
} from '@voxpress/contracts';
import type { InfographicsConfig } from '../../../config/infographics-env.schema.ts';
import type { Diagram, InfographicData } from '../../../engines/renderer/renderer.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { assignDiagrams } from '../material/diagrams.ts';
import { dataFor, emphasesFor, type InfographicMaterial } from '../material/infographic-material.ts';
import {
  bestForOf,
  builtInTemplate,
  builtInTemplateId,
  EMPHASIS_LABELS,
  layoutStyle,
} from './built-in-templates.ts';
import type { LlmDesign } from './llm-designer.ts';

/** One variation to draw: how it looks, what it shows, and where that choice came from. */
export interface VariationPlan {
  index: number;
  type: VariationType;
  style: LayoutStyleKey;
  emphasis: Emphasis;
  templateId: string;
  /** The template's name: "Modern Recipe", or a user's own. */
  name: string;
  /** "Modern: Ingredients". */
  variationName: string;
  bestFor: BestFor[];
  data: InfographicData;
  /** The structure it is drawn with (a numbered flow, a timeline…); cards when absent. */
  diagram?: Diagram;
  /** Why it looks so (the model's reason), for `enable_debugging`. */
  reason: string | null;
}

/** A template a set is drawn with: a built-in one, or a user's (its style plus its layers). */
export interface ChosenTemplate {
  id: string;
  name: string;
  style: LayoutStyleKey;
  layers: CustomLayer[];
}

export const ALL_TEMPLATES_OFF = 'All template generation is disabled via feature flags';

/** How many variations of each kind a set gets, by the feature flags (spec §9) and the request. */
export function templateCounts(
  flags: InfographicsConfig,
  request: {
    variation_count?: number | undefined;
    fixed_template_count?: number | undefined;
    llm_template_count?: number | undefined;
  },
  defaultTotal: number,
): { fixed: number; llm: number } {
  if (!flags.fixedTemplates && !flags.llmTemplates)
    throw new HttpError(400, 'infographic_templates_disabled', ALL_TEMPLATES_OFF);
  const maxFixed = flags.fixedTemplates ? flags.maxFixedTemplates : 0;
  const maxLlm = flags.llmTemplates ? flags.maxLlmTemplates : 0;
  if (request.fixed_template_count !== undefined || request.llm_template_count !== undefined) {
    const fixed = Math.min(request.fixed_template_count ?? 0, maxFixed);
    const llm = Math.min(request.llm_template_count ?? 0, maxLlm);
    if (fixed + llm > 0) return { fixed, llm };
    throw new HttpError(400, 'infographic_templates_disabled', ALL_TEMPLATES_OFF);
  }
  const total = request.variation_count ?? defaultTotal;
  if (maxFixed && maxLlm && flags.hybridTemplates) {
    const llm = Math.min(maxLlm, Math.floor(total / 2));
    return { fixed: Math.min(maxFixed, total - llm), llm };
  }
  if (maxFixed) return { fixed: Math.min(maxFixed, total), llm: 0 };
  return { fixed: 0, llm: Math.min(maxLlm, total) };
}

function variationName(style: LayoutStyleKey, emphasis: Emphasis): string {
  return `${layoutStyle(style).name}: ${EMPHASIS_LABELS[emphasis]}`;
}

/**
 * Built-in designs: the five layout styles in turn, each with the next emphasis the content can
 * fill, so a set of five shows five styles and five angles, and a set of ten pairs every style
 * with another emphasis. With a chosen template every variation keeps its style and layers.
 */
export function fixedPlans(
  material: InfographicMaterial,
  type: InfographicContentType,
  count: number,
  options: { startIndex?: number; template?: ChosenTemplate | undefined; variationType?: VariationType } = {},
): VariationPlan[] {
  const emphases = emphasesFor(material, type);
  const start = options.startIndex ?? 0;
  const plans = Array.from({ length: count }, (_, i): VariationPlan => {
    const style =
      options.template?.style ?? (LAYOUT_STYLE_KEYS[i % LAYOUT_STYLE_KEYS.length] as LayoutStyleKey);
    const round = options.template ? 0 : Math.floor(i / LAYOUT_STYLE_KEYS.length);
    const emphasis = emphases[
      ((options.template ? i : i % LAYOUT_STYLE_KEYS.length) + round) % emphases.length
    ] as Emphasis;
    const builtIn = builtInTemplate(style, type);
    return {
      index: start + i,
      type: options.variationType ?? 'fixed',
      style,
      emphasis,
      templateId: options.template?.id ?? builtIn.id,
      name: options.template?.name ?? builtIn.name,
      variationName: variationName(style, emphasis),
      bestFor: bestForOf(style),
      data: dataFor(material, emphasis, options.template?.layers),
      reason: null,
    };
  });
  return assignDiagrams(plans);
}

/** The model's designs as plans: its style and emphasis, with its chosen points and quote first. */
export function llmPlans(
  designs: readonly LlmDesign[],
  material: InfographicMaterial,
  type: InfographicContentType,
  startIndex: number,
): VariationPlan[] {
  const emphases = emphasesFor(material, type);
  return designs.map((design, i) => {
    const lead = design.leadPoints.map((id) => material.keyPoints[id]).filter((p) => p !== undefined);
    const rest = material.keyPoints.filter((p) => !lead.includes(p));
    const quote = design.quote === null ? undefined : material.quotes[design.quote];
    const chosen: InfographicMaterial = {
      ...material,
      keyPoints: [...lead, ...rest],
      quotes: quote ? [quote, ...material.quotes.filter((q) => q !== quote)] : material.quotes,
    };
    // An emphasis the content cannot fill gives way to the first one it can.
    const emphasis = emphases.includes(design.emphasis) ? design.emphasis : (emphases[0] as Emphasis);
    const builtIn = builtInTemplate(design.style, type);
    return {
      index: startIndex + i,
      type: 'llm' as const,
      style: design.style,
      emphasis,
      templateId: builtInTemplateId(design.style, type),
      name: builtIn.name,
      variationName: variationName(design.style, emphasis),
      bestFor: bestForOf(design.style),
      data: dataFor(chosen, emphasis),
      reason: design.reason,
    };
  });
}
