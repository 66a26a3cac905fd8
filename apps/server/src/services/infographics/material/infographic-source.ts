import {
  type Audience,
  type ContentData,
  type CulturalContext,
  INFOGRAPHIC_CONTENT_TYPES,
  type InfographicContentType,
} from '@voxpress/contracts';
import { HttpError } from '../../../lib/http-error.ts';
import type { ContentRow } from '../../../repositories/content.repository.ts';
import type { TranscriptionsRepository } from '../../../repositories/transcriptions.repository.ts';
import type { ContentService } from '../../content/content.service.ts';
import { materialFromContentData, materialText } from './content-data-material.ts';
import { materialFromContent } from './content-material.ts';
import type { InfographicMaterial } from './infographic-material.ts';
import { type Matched, suggestByKeywords } from './keyword-rules.ts';
import { nameQuoteSpeakers } from './quote-speakers.ts';

/** What an infographic is drawn from, and the design choices made for it. */
export interface InfographicSource {
  material: InfographicMaterial;
  /** The stored piece, when drawn from one. */
  content: ContentRow | undefined;
  contentType: InfographicContentType;
  audience: Audience;
  culturalContext: CulturalContext;
  /** The words behind each choice the request left open (keyword rules, spec §5). */
  matched: { content_type: string[]; target_audience: string[]; cultural_context: string[] };
}

export interface SourceRequest {
  content_id?: string | undefined;
  language?: string | undefined;
  content_data?: ContentData | undefined;
  content_type?: InfographicContentType | undefined;
  target_audience?: Audience | undefined;
  cultural_context?: CulturalContext | undefined;
}

export const GENERATION_NEEDS_CONTENT =
  'Infographic generation needs content: choose a piece of content or send content_data.';

const isInfographicType = (t: string): t is InfographicContentType =>
  (INFOGRAPHIC_CONTENT_TYPES as readonly string[]).includes(t);

/**
 * Reads the request's content (a stored piece in the asked language, or the client's
 * `content_data`) and fills the choices it left open: the piece's own content type when it is an
 * infographic type, else the spec's keyword rules (§5), which also pick audience and context.
 * With `transcriptions`, a stored piece's quotes name the voice that said them when it is named.
 */
export async function resolveSource(
  content: ContentService,
  userId: string,
  request: SourceRequest,
  missing = GENERATION_NEEDS_CONTENT,
  transcriptions?: Pick<TranscriptionsRepository, 'findOwned'>,
): Promise<InfographicSource> {
  let row: ContentRow | undefined;
  let material: InfographicMaterial | undefined;
  if (request.content_id) {
    row = await content.owned(userId, request.content_id);
    material = materialFromContent(row, request.language);
    if (transcriptions) await nameQuoteSpeakers(material, transcriptions, userId, row.transcriptionId);
  } else if (request.content_data !== undefined) {
    material = materialFromContentData(request.content_data, request.language ?? 'en');
  }
  if (!material) throw new HttpError(400, 'infographic_content_missing', missing);
  const rules = suggestByKeywords(materialText(material), material.title);
  const own: Matched<InfographicContentType> | undefined =
    row && isInfographicType(row.contentType) ? { value: row.contentType, words: [] } : undefined;
  const type = request.content_type ?? (own ?? rules.contentType).value;
  return {
    material,
    content: row,
    contentType: type,
    audience: request.target_audience ?? rules.audience.value,
    culturalContext: request.cultural_context ?? rules.culturalContext.value,
    matched: {
      content_type: request.content_type || own ? [] : rules.contentType.words,
      target_audience: request.target_audience ? [] : rules.audience.words,
      cultural_context: request.cultural_context ? [] : rules.culturalContext.words,
    },
  };
}
