import type { ContentType } from './composed-content.schema.ts';

// The spec's keywords (§5), in its order; "step one" too, since speech engines spell numbers.
const RULES: [ContentType, RegExp][] = [
  ['recipe', /\b(?:ingredients?|recipes?|cooking|bake)\b/i],
  ['tutorial', /\b(?:step (?:1|one)|how to|guide)\b/i],
  ['meeting_notes', /\b(?:meeting|agenda|action items?|attendees)\b/i],
  ['product_description', /\b(?:features|price|benefits)\b/i],
];

/**
 * The content type a text most likely wants, from keywords in its text and title (spec §5):
 * recipe, tutorial, meeting notes, product description, else enhanced.
 */
export function guessContentType(text: string, title = ''): ContentType {
  const haystack = `${title}\n${text}`;
  return RULES.find(([, pattern]) => pattern.test(haystack))?.[0] ?? 'enhanced';
}
