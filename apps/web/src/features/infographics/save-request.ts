import type { InfographicSaveRequest, InfographicVariation } from '@voxpress/contracts';
import type { InfographicSource } from './setup.ts';

/** The title a variation is known by: the piece's title in the language drawn. */
export function sourceTitle(source: InfographicSource): string {
  return source.piece.metadata.translations[source.language]?.title || source.piece.title;
}

/** The save payload (spec §3) for a variation of a source; null without an image address. */
export function saveRequest(
  variation: InfographicVariation,
  source: InfographicSource,
): InfographicSaveRequest | null {
  const url = variation.infographic_url ?? null;
  const data = variation.data_url ?? null;
  if (!url && !data) return null;
  return {
    ...(url ? { infographic_url: url } : { data_url: data }),
    image_id: variation.id,
    content_type: variation.content_type,
    template_id: variation.template_id,
    size: variation.size,
    generated_at: variation.generated_at,
    transcription_id: source.piece.transcription_id,
    content_id: source.piece.id,
    metadata: {
      title: sourceTitle(source),
      style: variation.style,
      audience: variation.target_audience,
      cultural_context: variation.cultural_context,
    },
  };
}
