import { INTERFACE_LANGUAGES, type InterfaceLanguage } from './interface-languages.ts';

export interface LanguageOption {
  code: InterfaceLanguage;
  /** In its own language: Español. */
  nativeName: string;
  /** In the language the page is in now: Spanish, espagnol… (null when the browser cannot say). */
  localName: string | null;
}

function displayNames(locale: string): Intl.DisplayNames | null {
  try {
    return typeof Intl.DisplayNames === 'function'
      ? new Intl.DisplayNames([locale], { type: 'language' })
      : null;
  } catch {
    return null;
  }
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every interface language, named in its own language and in `locale`. */
export function languageOptions(locale: string): LanguageOption[] {
  const local = displayNames(locale);
  return INTERFACE_LANGUAGES.map(({ code, nativeName }) => {
    const name = local?.of(code) ?? null;
    return { code, nativeName, localName: name && fold(name) !== fold(nativeName) ? name : null };
  });
}

/**
 * The languages whose own name, name in the page's language, English name or code contains every
 * word of the query (case and accents ignored): "span", "espa", "es" and "arab" all find theirs.
 */
export function searchLanguageOptions(options: LanguageOption[], query: string): LanguageOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  const english = displayNames('en');
  return options.filter((o) => {
    const text = fold([o.nativeName, o.localName ?? '', english?.of(o.code) ?? '', o.code].join(' '));
    return words.every((w) => text.includes(w));
  });
}
