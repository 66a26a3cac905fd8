import type { ContentTranslation } from '@voxpress/contracts';
import { languageName } from '../../engines/translator/languages.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ContentRow } from '../../repositories/content.repository.ts';

/** A piece's text in one language that is ready to use (renditions, exports, publishing). */
export function readyLanguage(
  row: ContentRow,
  language: string | undefined,
): { language: string; translation: ContentTranslation } {
  const lang = (language ?? row.language).toLowerCase();
  const translation = row.translations[lang];
  if (translation?.status === 'failed')
    throw new HttpError(
      404,
      'translation_failed',
      `The ${languageName(lang)} version of this content failed${translation.error ? `: ${translation.error}` : '.'}`,
      { language: lang },
    );
  if (translation?.status !== 'completed' || !translation.text.trim())
    throw new HttpError(
      404,
      'language_not_available',
      `This content has no ${languageName(lang)} version ready yet.`,
      { language: lang },
    );
  return { language: lang, translation };
}
