import type {
  Audience,
  Content,
  CulturalContext,
  InfographicContentType,
  InfographicGenerateRequest,
  TemplateSuggestion,
} from '@voxpress/contracts';

/** The AI template configuration a generation runs with (spec §2, the dialog's Setup tab). */
export interface InfographicSetup {
  content_type: InfographicContentType;
  target_audience: Audience;
  cultural_context: CulturalContext;
  /** Draw in the user's brand kit (Settings → Brand). */
  use_brand?: boolean;
}

/** What the images are drawn from: one piece of content, in one of its languages. */
export interface InfographicSource {
  piece: Content;
  language: string;
}

/** The configuration the content suggests, with the user's own choices over it. */
export function setupOf(
  suggestion: Pick<TemplateSuggestion, 'content_type' | 'target_audience' | 'cultural_context'>,
  chosen: Partial<InfographicSetup>,
): InfographicSetup {
  return {
    content_type: chosen.content_type ?? suggestion.content_type,
    target_audience: chosen.target_audience ?? suggestion.target_audience,
    cultural_context: chosen.cultural_context ?? suggestion.cultural_context,
    ...(chosen.use_brand ? { use_brand: true } : {}),
  };
}

/** The generate payload (spec §3) for a source, a configuration and the sizes chosen. */
export function generateRequest(
  source: InfographicSource,
  setup: InfographicSetup,
  sizes: readonly string[],
  variationCount: number,
): InfographicGenerateRequest {
  return {
    content_id: source.piece.id,
    language: source.language,
    ...setup,
    sizes: [...sizes],
    variation_count: variationCount,
  };
}
