import type { EnhanceContentType, LlmProviderId } from '@voxpress/contracts';
import type { TFunction } from 'i18next';

/** A content type's name in the interface language. */
export function contentTypeLabel(t: TFunction<'settings'>, type: EnhanceContentType): string {
  switch (type) {
    case 'enhanced':
      return t('contentTypes.enhanced');
    case 'story':
      return t('contentTypes.story');
    case 'blog_post':
      return t('contentTypes.blog_post');
    case 'seo_optimized':
      return t('contentTypes.seo_optimized');
    case 'raw_transcription':
      return t('contentTypes.raw_transcription');
    case 'recipe':
      return t('contentTypes.recipe');
    case 'tutorial':
      return t('contentTypes.tutorial');
    case 'meeting_notes':
      return t('contentTypes.meeting_notes');
    case 'product_description':
      return t('contentTypes.product_description');
    case 'newsletter':
      return t('contentTypes.newsletter');
  }
}

/** A named blog platform as people write it. */
export function platformLabel(t: TFunction<'settings'>, platform: string): string {
  switch (platform) {
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

/** Where a server setting's value comes from, in words. */
export function sourceLabel(t: TFunction<'settings'>, source: 'default' | 'environment' | 'saved'): string {
  switch (source) {
    case 'default':
      return t('admin.source.default');
    case 'environment':
      return t('admin.source.environment');
    case 'saved':
      return t('admin.source.saved');
  }
}

/** A language-model provider's name, what it covers, and an example address. */
export function providerWords(
  t: TFunction<'settings'>,
  provider: LlmProviderId,
): { name: string; lead: string; placeholder: string } {
  switch (provider) {
    case 'openai':
      return {
        name: t('admin.llm.openai'),
        lead: t('admin.llm.openaiLead'),
        placeholder: t('admin.llm.openaiPlaceholder'),
      };
    case 'anthropic':
      return {
        name: t('admin.llm.anthropic'),
        lead: t('admin.llm.anthropicLead'),
        placeholder: t('admin.llm.anthropicPlaceholder'),
      };
    case 'ollama':
      return {
        name: t('admin.llm.ollama'),
        lead: t('admin.llm.ollamaLead'),
        placeholder: t('admin.llm.ollamaPlaceholder'),
      };
  }
}
