import { createRequire } from 'node:module';
import { primaryLanguage } from '@voxpress/contracts';

// A JSON-only package: Node's ESM loader needs import attributes for JSON, require does not.
const stopwordsIso = createRequire(import.meta.url)('stopwords-iso') as Record<string, string[] | undefined>;

/** The ten content languages (spec §9). Others are written with the same rules, less well. */
export const CONTENT_LANGUAGES = ['en', 'es', 'de', 'fr', 'zh', 'ko', 'ja', 'ta', 'te', 'hi'] as const;

/** `en-US` → `en`. */
export function baseLanguage(language: string): string {
  return primaryLanguage(language) || 'en';
}

/** Scripts written without spaces between words: hashtags and headings join words without them. */
export function writesWithoutSpaces(language: string): boolean {
  return ['zh', 'ja'].includes(baseLanguage(language));
}

// stopwords-iso has no Tamil or Telugu list: the commonest function words of each.
const TAMIL = `ஒரு என்று மற்றும் இந்த அந்த இது அது என் நான் நாம் நாங்கள் நீங்கள் அவர் அவர்கள் உள்ள
  உள்ளது இருந்து இருக்கும் என்ற போது பின் மேலும் ஆனால் அல்லது கூட தான் வேண்டும் செய்ய அதை இதை
  எல்லா எல்லாம் அங்கு இங்கு ஏன் எப்படி என்ன யார் ஆகும் ஆக இல்லை உம் போல`;
const TELUGU = `ఒక మరియు ఈ ఆ ఇది అది నా నేను మేము మనం మీరు అతను ఆమె వారు ఉన్న ఉంది ఉన్నాయి నుండి
  కూడా కానీ లేదా అని తర్వాత ముందు చాలా అన్ని ఎందుకు ఎలా ఏమి ఎవరు కాదు లేదు గా కు లో తో`;

const extra: Record<string, string[]> = {
  ta: TAMIL.split(/\s+/).filter(Boolean),
  te: TELUGU.split(/\s+/).filter(Boolean),
  // Spoken English adds words that carry no topic.
  en: `yeah okay ok gonna wanna gotta um uh really thing things lot bit minute minutes hour hours second seconds
    day days week weeks month months year years time times today tomorrow people way ways kind part`
    .split(/\s+/)
    .filter(Boolean),
};

const cache = new Map<string, Set<string>>();

/** Words that never make a keyword in this language. */
export function stopwords(language: string): Set<string> {
  const base = baseLanguage(language);
  let set = cache.get(base);
  if (!set) {
    set = new Set([...(stopwordsIso[base] ?? []), ...(extra[base] ?? [])].map((w) => w.toLowerCase()));
    cache.set(base, set);
  }
  return set;
}

const wordSegmenters = new Map<string, Intl.Segmenter>();

/** Word-like pieces of a text (Intl.Segmenter, so Chinese and Japanese split into words too). */
export function words(text: string, language: string): string[] {
  const base = baseLanguage(language);
  let segmenter = wordSegmenters.get(base);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(base, { granularity: 'word' });
    wordSegmenters.set(base, segmenter);
  }
  const out: string[] = [];
  for (const piece of segmenter.segment(text)) if (piece.isWordLike) out.push(piece.segment);
  return out;
}

/** A word as compared: lower case, no surrounding punctuation, typographic apostrophes made plain. */
export function normalWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}
