import type { LlmProviderId } from '@voxpress/contracts';
import type { TFunction } from 'i18next';

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
