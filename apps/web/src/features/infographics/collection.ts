import type { InfographicVariation, TemplateCollectionRequest } from '@voxpress/contracts';
import type { InfographicSetup } from './setup.ts';

/**
 * Saving a collection needs a non-blank name and at least one favourite (spec §5); the request
 * then names the favourites in carousel order. Null when the rule is not met.
 */
export function collectionRequest(
  name: string,
  favourites: readonly InfographicVariation[],
  setup: InfographicSetup | null,
  contentId: string,
): TemplateCollectionRequest | null {
  const collectionName = name.trim();
  if (!collectionName || favourites.length === 0) return null;
  return {
    collection_name: collectionName,
    variations: favourites.map((v) => ({ id: v.id, infographic_url: v.infographic_url })),
    content_type: setup?.content_type ?? favourites[0]?.content_type ?? 'recipe',
    target_audience: setup?.target_audience ?? favourites[0]?.target_audience ?? 'general',
    cultural_context: setup?.cultural_context ?? favourites[0]?.cultural_context ?? 'international',
    content_id: contentId,
  };
}
