import { type BLOG_PLATFORMS, ENHANCE_CONTENT_TYPES, type EnhanceContentType } from '@voxpress/contracts';
import type { TFunction } from 'i18next';

/** A content type's name in the interface language (a user's own type carries its own name). */
export function typeLabel(
  t: TFunction<'content'>,
  type: string,
  custom?: ReadonlyMap<string, string>,
): string {
  const own = custom?.get(type);
  if (own) return own;
  switch (type as EnhanceContentType) {
    case 'enhanced':
      return t('types.enhanced');
    case 'story':
      return t('types.story');
    case 'blog_post':
      return t('types.blog_post');
    case 'seo_optimized':
      return t('types.seo_optimized');
    case 'raw_transcription':
      return t('types.raw_transcription');
    case 'recipe':
      return t('types.recipe');
    case 'tutorial':
      return t('types.tutorial');
    case 'meeting_notes':
      return t('types.meeting_notes');
    case 'product_description':
      return t('types.product_description');
    case 'newsletter':
      return t('types.newsletter');
    default:
      return type;
  }
}

/** A platform's name: the named ones spelled as their makers do, a custom one as typed. */
export function platformLabel(t: TFunction<'content'>, platform: string): string {
  switch (platform as (typeof BLOG_PLATFORMS)[number]) {
    case 'wordpress':
      return t('platforms.wordpress');
    case 'medium':
      return t('platforms.medium');
    case 'linkedin':
      return t('platforms.linkedin');
    case 'facebook':
      return t('platforms.facebook');
    case 'twitter':
      return t('platforms.twitter');
    case 'instagram':
      return t('platforms.instagram');
    default:
      return platform;
  }
}

export const BUILT_IN_TYPES = ENHANCE_CONTENT_TYPES;
