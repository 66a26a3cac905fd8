import { primaryLanguage } from '@voxpress/contracts';

/** "French" for `fr` or `fr-CA`; the code itself when the name is unknown. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(primaryLanguage(code)) ?? code;
  } catch {
    return code;
  }
}

/** The sentence shown when no translator serves a language (spec: the content viewer). */
export function translationNotAvailable(target: string): string {
  return `${languageName(target)} translation is not available.`;
}
