import type {
  Audience,
  CulturalContext,
  LayoutStyleKey,
  TemplateSuggestion,
  zTemplateSuggestionRequest,
} from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ContentService } from '../../content/content.service.ts';
import type { ShareLinkFinder } from '../brand/share-link.ts';
import { materialText } from '../material/content-data-material.ts';
import { resolveSource } from '../material/infographic-source.ts';
import { builtInTemplateId } from './built-in-templates.ts';
import type { InfographicDesigner } from './llm-designer.ts';
import type { TemplatesService } from './templates.service.ts';

/** The layout style that suits a context or, in an international one, an audience. */
export function styleFor(audience: Audience, context: CulturalContext): LayoutStyleKey {
  const byContext: Partial<Record<CulturalContext, LayoutStyleKey>> = {
    asian: 'minimal',
    mediterranean: 'classic',
    indian: 'elegant',
    mexican: 'vibrant',
  };
  const byAudience: Record<Audience, LayoutStyleKey> = {
    general: 'modern',
    health_enthusiasts: 'minimal',
    beginner: 'modern',
    busy_parents: 'vibrant',
  };
  return byContext[context] ?? byAudience[audience];
}

/** How long the model may take to suggest before the keyword rules answer instead. */
const LLM_SUGGESTION_TIMEOUT_MS = 20_000;

export const SUGGESTION_NEEDS_CONTENT =
  'Template suggestions need content: choose a piece of content, or send its title and text.';

/**
 * Suggests content type, audience, cultural context and templates: the configured language model
 * when one is ready, else (or when it fails) the spec's keyword rules (§5).
 */
export class SuggestionsService {
  constructor(
    private readonly deps: {
      content: ContentService;
      templates: TemplatesService;
      designer: InfographicDesigner;
      /** The item's share link, offered for a QR code. */
      shareLinks?: Pick<ShareLinkFinder, 'urlFor'> | undefined;
      logger: FastifyBaseLogger;
    },
  ) {}

  async suggest(
    userId: string,
    request: z.output<typeof zTemplateSuggestionRequest>,
  ): Promise<TemplateSuggestion> {
    const data =
      request.content_data ??
      (request.title || request.text ? { title: request.title, text: request.text } : undefined);
    const source = await resolveSource(
      this.deps.content,
      userId,
      { content_id: request.content_id, language: request.language, content_data: data },
      SUGGESTION_NEEDS_CONTENT,
    );
    let suggestion = {
      content_type: source.contentType,
      target_audience: source.audience,
      cultural_context: source.culturalContext,
      layout_style: styleFor(source.audience, source.culturalContext),
      source: 'keywords' as 'keywords' | 'llm',
      reason: null as string | null,
    };
    if (await this.deps.designer.available()) {
      try {
        const llm = await this.deps.designer.suggest(
          materialText(source.material),
          source.material.title,
          AbortSignal.timeout(LLM_SUGGESTION_TIMEOUT_MS),
        );
        suggestion = { ...llm, source: 'llm' };
      } catch (err) {
        this.deps.logger.warn({ err }, 'the language model could not suggest templates; keyword rules did');
      }
    }
    const chosen = builtInTemplateId(suggestion.layout_style, suggestion.content_type);
    const templates = await this.deps.templates.list(userId, suggestion.content_type);
    templates.sort((a, b) => Number(b.id === chosen) - Number(a.id === chosen));
    return {
      content_type: suggestion.content_type,
      target_audience: suggestion.target_audience,
      cultural_context: suggestion.cultural_context,
      template_id: chosen,
      templates,
      source: suggestion.source,
      matched:
        suggestion.source === 'keywords'
          ? source.matched
          : { content_type: [], target_audience: [], cultural_context: [] },
      reason: suggestion.reason,
      share_url:
        (await this.deps.shareLinks?.urlFor(userId, source.content?.transcriptionId ?? null)) ?? null,
    };
  }
}
