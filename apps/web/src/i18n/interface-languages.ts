import { primaryLanguage } from '@voxpress/contracts';
import nativeNames from './native-names.json';

/**
 * The interface languages (spec section 9), in the order the picker lists them, each named in its
 * own language (native-names.json) so a reader finds theirs whatever the page is in now. Adding a
 * language's texts is a new folder under locales/; this list already knows all 25, and a language
 * without its files yet reads English.
 */
export const INTERFACE_LANGUAGES = (Object.keys(nativeNames) as Array<keyof typeof nativeNames>).map(
  (code) => ({ code, nativeName: nativeNames[code] }),
);

export type InterfaceLanguage = keyof typeof nativeNames;

export const INTERFACE_LANGUAGE_CODES: readonly InterfaceLanguage[] = INTERFACE_LANGUAGES.map((l) => l.code);

/** Written right to left: the layout mirrors (side menu on the right, arrows turned). */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set<InterfaceLanguage>(['ar', 'he', 'fa']);

export function isInterfaceLanguage(code: string): code is InterfaceLanguage {
  return (INTERFACE_LANGUAGE_CODES as readonly string[]).includes(code);
}

export function directionOf(code: string): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(code) ? 'rtl' : 'ltr';
}

/** A language's own name: "Español" whatever the interface language is. */
export function nativeNameOf(code: InterfaceLanguage): string {
  return nativeNames[code];
}

/**
 * Old or non-standard tags browsers still send, mapped to the language they mean: Norwegian is
 * mostly reported as Bokmål (nb) or Nynorsk (nn); Hebrew and Indonesian had older codes.
 */
const ALIASES: Record<string, InterfaceLanguage> = {
  nb: 'no',
  nn: 'no',
  iw: 'he',
  in: 'id',
  zsm: 'ms',
  pes: 'fa',
  prs: 'fa',
  cmn: 'zh',
};

/** The interface language a BCP-47 tag asks for (es-MX → es, nb-NO → no), or null if none fits. */
export function matchInterfaceLanguage(tag: string | null | undefined): InterfaceLanguage | null {
  if (!tag) return null;
  const primary = primaryLanguage(tag);
  if (isInterfaceLanguage(primary)) return primary;
  return ALIASES[primary] ?? null;
}

/**
 * The language to start in: the one chosen before on this browser, else the first of the browser's
 * preferred languages that Voxpress speaks, else English.
 */
export function initialLanguage(
  saved: string | null,
  browserLanguages: readonly string[],
): InterfaceLanguage {
  if (saved && isInterfaceLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const match = matchInterfaceLanguage(tag);
    if (match) return match;
  }
  return 'en';
}
