import type { LlmConfig, TranslationConfig } from '../../config/writing-config.ts';
import type { RouterLogger } from '../engine-router.ts';
import { type LlmConfigSource, llmProviders } from '../writer/llm/llm-providers.ts';
import { ApertiumTranslator } from './apertium.translator.ts';
import { DeepLTranslator } from './deepl.translator.ts';
import { LibreTranslateTranslator } from './libretranslate.translator.ts';
import { LlmTranslator } from './llm.translator.ts';
import { TranslatorRouter } from './translator-router.ts';

/** Every translator, configured or not, routed in the TRANSLATION_ENGINES order. */
export function createTranslatorRouter(
  config: { llm: LlmConfig; translation: TranslationConfig },
  logger: RouterLogger,
  /** Where the language-model settings in force are read; unset: `config.llm` for good. */
  source?: LlmConfigSource,
): TranslatorRouter {
  const { translation, llm } = config;
  return new TranslatorRouter(
    translation.engines,
    [
      new DeepLTranslator(translation.deepl, translation.timeoutMs),
      new LibreTranslateTranslator(translation.libretranslate, translation.timeoutMs),
      new LlmTranslator(llmProviders(llm, source), llm),
      new ApertiumTranslator({ timeoutMs: translation.timeoutMs }),
    ],
    logger,
  );
}
