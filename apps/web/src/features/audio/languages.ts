import { i18n, SOURCE_LANGUAGE } from '../../i18n/i18n.ts';
import englishNames from './language-names.en.json';

/** A code the app offers, e.g. en-US or ta-IN. */
export type LanguageCode = keyof typeof englishNames;

/** One transcription language: a BCP-47 language-region code and its name in the interface language. */
export interface Language {
  code: LanguageCode;
  name: string;
}

/** The default transcription language: English, tuned for every accent (spec section 9). */
export const DEFAULT_LANGUAGE_CODE = 'en-US';

// en-US is not listed here: it is the pinned universal English option.
const REGIONAL: readonly LanguageCode[] = [
  'af-ZA',
  'sq-AL',
  'am-ET',
  'ar-DZ',
  'ar-BH',
  'ar-EG',
  'ar-IQ',
  'ar-IL',
  'ar-JO',
  'ar-KW',
  'ar-LB',
  'ar-MA',
  'ar-OM',
  'ar-PS',
  'ar-QA',
  'ar-SA',
  'ar-TN',
  'ar-AE',
  'ar-YE',
  'hy-AM',
  'as-IN',
  'az-AZ',
  'eu-ES',
  'be-BY',
  'bn-BD',
  'bn-IN',
  'bs-BA',
  'bg-BG',
  'my-MM',
  'ca-ES',
  'zh-HK',
  'zh-CN',
  'zh-TW',
  'hr-HR',
  'cs-CZ',
  'da-DK',
  'nl-BE',
  'nl-NL',
  'en-AU',
  'en-CA',
  'en-GH',
  'en-HK',
  'en-IN',
  'en-IE',
  'en-KE',
  'en-NZ',
  'en-NG',
  'en-PK',
  'en-PH',
  'en-SG',
  'en-ZA',
  'en-TZ',
  'en-GB',
  'et-EE',
  'fil-PH',
  'fi-FI',
  'fr-BE',
  'fr-CA',
  'fr-FR',
  'fr-SN',
  'fr-CH',
  'gl-ES',
  'ka-GE',
  'de-AT',
  'de-DE',
  'de-CH',
  'el-GR',
  'gu-IN',
  'ha-NG',
  'he-IL',
  'hi-IN',
  'hu-HU',
  'is-IS',
  'ig-NG',
  'id-ID',
  'ga-IE',
  'it-IT',
  'it-CH',
  'ja-JP',
  'jv-ID',
  'kn-IN',
  'kk-KZ',
  'km-KH',
  'rw-RW',
  'ko-KR',
  'ky-KG',
  'lo-LA',
  'lv-LV',
  'lt-LT',
  'lb-LU',
  'mk-MK',
  'ms-MY',
  'ml-IN',
  'mt-MT',
  'mr-IN',
  'mn-MN',
  'ne-NP',
  'nb-NO',
  'or-IN',
  'ps-AF',
  'fa-IR',
  'pl-PL',
  'pt-AO',
  'pt-BR',
  'pt-MZ',
  'pt-PT',
  'pa-IN',
  'ro-RO',
  'ru-RU',
  'sr-RS',
  'si-LK',
  'sk-SK',
  'sl-SI',
  'so-SO',
  'es-AR',
  'es-BO',
  'es-CL',
  'es-CO',
  'es-CR',
  'es-DO',
  'es-EC',
  'es-SV',
  'es-GT',
  'es-HN',
  'es-MX',
  'es-NI',
  'es-PA',
  'es-PY',
  'es-PE',
  'es-PR',
  'es-ES',
  'es-US',
  'es-UY',
  'es-VE',
  'su-ID',
  'sw-KE',
  'sw-TZ',
  'sv-SE',
  'ta-IN',
  'ta-MY',
  'ta-SG',
  'ta-LK',
  'te-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'ur-IN',
  'ur-PK',
  'uz-UZ',
  'vi-VN',
  'cy-GB',
  'xh-ZA',
  'yo-NG',
  'zu-ZA',
];

/** Every code a recording can be transcribed in, universal English first. */
export const LANGUAGE_CODES: readonly LanguageCode[] = [DEFAULT_LANGUAGE_CODE, ...REGIONAL];

/**
 * Tags the browser names more precisely than the bare code: the Chinese codes stand for the
 * speech services' Cantonese and Mandarin models.
 */
const NAMED_AS: Partial<Record<LanguageCode, string>> = {
  'zh-HK': 'yue-Hant-HK',
  'zh-CN': 'cmn-Hans-CN',
  'zh-TW': 'cmn-Hant-TW',
};

const namers = new Map<string, Intl.DisplayNames | null>();

/** The browser's own names of languages in `locale` (every interface language, no files needed). */
function namer(locale: string): Intl.DisplayNames | null {
  if (!namers.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      if (typeof Intl.DisplayNames === 'function')
        names = new Intl.DisplayNames([locale], { type: 'language', languageDisplay: 'standard' });
    } catch {
      names = null;
    }
    namers.set(locale, names);
  }
  return namers.get(locale) ?? null;
}

/**
 * The name of an offered language in the interface language, as the browser's Intl data writes it
 * ("Tamil (India)", "tamoul (Inde)", "التاميلية (الهند)"); English names where a browser has none.
 */
export function nameOf(code: LanguageCode): string {
  if (code === DEFAULT_LANGUAGE_CODE) return i18n.t('audio:language.universal');
  const names = namer(i18n.resolvedLanguage ?? SOURCE_LANGUAGE);
  return names?.of(NAMED_AS[code] ?? code) ?? englishNames[code];
}

/** Every language a recording can be transcribed in, named in the interface language. */
export function languages(): Language[] {
  return LANGUAGE_CODES.map((code) => ({ code, name: nameOf(code) }));
}
