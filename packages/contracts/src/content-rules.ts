// No zod here: the browser imports these rules at run time, and the server uses the same ones.

/** Content types one can ask for (spec §9, plus the infographic types and newsletter). */
export const ENHANCE_CONTENT_TYPES = [
  'enhanced',
  'story',
  'blog_post',
  'seo_optimized',
  'raw_transcription',
  'recipe',
  'tutorial',
  'meeting_notes',
  'product_description',
  'newsletter',
] as const;
export type EnhanceContentType = (typeof ENHANCE_CONTENT_TYPES)[number];

/** Enhancement languages of the spec (§9), in its order; the default is English. */
export const ENHANCE_LANGUAGES = ['en', 'es', 'de', 'fr', 'zh', 'ko', 'ja', 'ta', 'te', 'hi'] as const;
export type EnhanceLanguage = (typeof ENHANCE_LANGUAGES)[number];

/** Named blog platforms (§9); any other non-blank name is a custom platform. */
export const BLOG_PLATFORMS = [
  'wordpress',
  'medium',
  'linkedin',
  'facebook',
  'twitter',
  'instagram',
] as const;

// The spec's keywords (§5), in its order; "step one" too, since speech engines spell numbers.
const TYPE_RULES: [EnhanceContentType, RegExp][] = [
  ['recipe', /\b(?:ingredients?|recipes?|cooking|bake)\b/i],
  ['tutorial', /\b(?:step (?:1|one)|how to|guide)\b/i],
  ['meeting_notes', /\b(?:meeting|agenda|action items?|attendees)\b/i],
  ['product_description', /\b(?:features|price|benefits)\b/i],
];

/**
 * The content type a text most likely wants, from keywords in its text and title (spec §5):
 * recipe, tutorial, meeting notes, product description, else enhanced.
 */
export function guessContentType(text: string, title = ''): EnhanceContentType {
  const haystack = `${title}\n${text}`;
  return TYPE_RULES.find(([, pattern]) => pattern.test(haystack))?.[0] ?? 'enhanced';
}

/** Words in the text with markup removed, split on whitespace (spec §5). */
export function countWords(text: string): number {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#*_>`[\]()-]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** Below this share of the original's length an edited translation is taken for a mistake. */
export const DISCARD_THRESHOLD = 0.1;

/**
 * Strips a leading "None" followed by line breaks (spec §5): some translators answer "None\n\n"
 * before the text when they had no title or preface to give.
 */
export function stripNonePrefix(text: string): string {
  return text.replace(/^None(?:\r?\n)+/, '');
}

/**
 * The text to keep after an edit (spec §5): the edited text, unless it is shorter than 10 % of
 * the original (an accidental select-all and delete), in which case the original stays.
 */
export function keepEditedTranslation(original: string, edited: string): string {
  const before = original.trim().length;
  if (before > 0 && edited.trim().length < before * DISCARD_THRESHOLD) return original;
  return edited;
}
