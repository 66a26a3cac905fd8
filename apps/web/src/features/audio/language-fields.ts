import { primaryLanguage } from '@voxpress/contracts';
import { formatLocale } from '../../i18n/format.ts';
import { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES, type Language, languages, nameOf } from './languages.ts';

/** What the server is told about the chosen language (spec sections 3 and 9). */
export interface TranscriptionLanguageFields {
  language: string;
  google_language_code: string;
  use_whisper_for_english: boolean;
  /** The primary language subtag: `en` for en-US, `ta` for ta-IN. */
  expected_languages: string[];
  /** The full code: the server keeps it as the audio's language (a bare subtag would lose the region). */
  force_language: string;
  /** The regional variant; null for universal English, which covers every accent. */
  dialect: string | null;
}

/**
 * The fields sent with an upload and a transcription request. Only en-US (universal English)
 * asks for the English-tuned engine; every other code sends its primary subtag.
 */
export function transcriptionLanguageFields(code: string): TranscriptionLanguageFields {
  const universal = code === DEFAULT_LANGUAGE_CODE;
  const base = primaryLanguage(code);
  return {
    language: code,
    google_language_code: code,
    use_whisper_for_english: universal,
    expected_languages: [base],
    force_language: code,
    dialect: universal ? null : code,
  };
}

const byLowerCode = new Map(LANGUAGE_CODES.map((code) => [code.toLowerCase(), code]));

/**
 * The name of a code in the interface language: from the list of transcription languages, else
 * the browser's own name for it (a bare `es` or `hi`), else the code itself.
 */
export function languageName(code: string): string {
  const known = byLowerCode.get(code.toLowerCase());
  if (known) return nameOf(known);
  try {
    const name = new Intl.DisplayNames([formatLocale()], { type: 'language' }).of(code);
    // An unknown language comes back as its own code (`xx (YY)` for `xx-YY`).
    const lower = name?.toLowerCase() ?? '';
    if (name && lower !== code.toLowerCase() && !lower.startsWith(`${primaryLanguage(code)} (`)) return name;
  } catch {
    // Not a well-formed language tag: show it as it is.
  }
  return code;
}

/** True when the code is one of the offered languages. */
export function isKnownLanguage(code: string): boolean {
  return byLowerCode.has(code.toLowerCase());
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * Languages whose name (in the interface language) or code contains every word of the query (case
 * and accents ignored), in list order, so the pinned universal English stays first whenever it matches.
 */
export function searchLanguages(query: string): Language[] {
  const all = languages();
  const words = fold(query)
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return all;
  return all.filter((l) => {
    const text = fold(`${l.name} ${l.code}`);
    return words.every((w) => text.includes(w));
  });
}
