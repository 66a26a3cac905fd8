import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { directionOf, INTERFACE_LANGUAGE_CODES } from './interface-languages.ts';
import { DEFAULT_NAMESPACE, englishResources } from './resources.ts';

/** The interface language every text exists in; the others are fetched when first chosen. */
export const SOURCE_LANGUAGE = 'en';

// Every non-English resource file becomes its own chunk, fetched only when that language is used,
// so adding a language never grows the initial bundle. English ships inside the bundle.
const otherLanguages = import.meta.glob<{ default: ResourceKey }>([
  './locales/*/*.json',
  '!./locales/en/*.json',
]);

const lazyLocales: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = otherLanguages[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The app's one i18next instance; plain modules (error texts, badges) translate through it too. */
export const i18n = i18next.createInstance();

void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: SOURCE_LANGUAGE,
    fallbackLng: SOURCE_LANGUAGE,
    supportedLngs: [...INTERFACE_LANGUAGE_CODES],
    resources: { [SOURCE_LANGUAGE]: englishResources },
    partialBundledLanguages: true,
    ns: Object.keys(englishResources),
    defaultNS: DEFAULT_NAMESPACE,
    // English is bundled, so the first render never waits for a download.
    initAsync: false,
    // React escapes what it renders; escaping here would show '&amp;' in the page.
    interpolation: { escapeValue: false },
    react: {
      // A language switch waits for its texts before re-rendering, so nothing blanks out meanwhile.
      bindI18n: 'languageChanged loaded',
      useSuspense: false,
    },
  });

/** The writing direction of the interface now. */
export function currentDirection(): 'rtl' | 'ltr' {
  return directionOf(i18n.resolvedLanguage ?? SOURCE_LANGUAGE);
}

/** Keeps `<html lang dir>` in step with the interface language (screen readers, fonts, RTL). */
export function syncDocumentLanguage(doc: Document): void {
  const apply = (language: string) => {
    doc.documentElement.lang = language;
    doc.documentElement.dir = directionOf(language);
  };
  // The language whose texts are shown: one without its files yet reads English, left to right.
  const resolved = () => apply(i18n.resolvedLanguage ?? SOURCE_LANGUAGE);
  resolved();
  i18n.on('languageChanged', resolved);
}
