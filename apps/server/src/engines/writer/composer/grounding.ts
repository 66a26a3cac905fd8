import type { GroundedText, GroundedValue, Paragraph } from './composed-content.schema.ts';
import type { Sentence } from './sentences.ts';

/** The words of a sentence as one lower-case string, for matching patterns. */
export function plain(sentence: Sentence): string {
  return sentence.words.join(' ');
}

function ids(sentences: Sentence[]): number[] {
  return [...new Set(sentences.flatMap((s) => s.segmentIds))].sort((a, b) => a - b);
}

/** Text resting on these sentences (by default their own words). */
export function grounded(sentences: Sentence[], text?: string): GroundedText {
  return {
    text: text ?? sentences.map((s) => s.text).join(' '),
    segment_ids: ids(sentences),
    start: sentences.find((s) => s.start !== null)?.start ?? null,
  };
}

export function groundedValue(sentence: Sentence, value: string): GroundedValue {
  return { value, segment_ids: ids([sentence]), start: sentence.start };
}

/** A paragraph of these sentences, joined as the language writes them. */
export function paragraphOf(sentences: Sentence[], joiner = ' ', text?: string): Paragraph {
  return {
    ...grounded(sentences, text ?? sentences.map((s) => s.text).join(joiner)),
    end: sentences.findLast((s) => s.end !== null)?.end ?? null,
  };
}

/** Number words as speech engines spell them, and digits. */
export const NUMBER =
  '(?:\\d+(?:[.,/]\\d+)?|three quarters|one and a half|a couple of|a few|a half|a quarter|a hundred|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|half)(?:[ -](?:one|two|three|four|five|six|seven|eight|nine|hundred|fifty|thirty|twenty|and a half))*';

/** A spoken duration: "fifteen minutes", "an hour and a half", "30 mins". */
export const DURATION = `${NUMBER} (?:minutes?|mins?|hours?|hrs?)(?: and a half)?`;

/** Capitalises the first letter of each word (names). */
export function capitalise(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, c: string) => space + c.toUpperCase());
}

/** Matches `pattern` in the sentence's lower-case words: the first group that matched, else the whole match. */
export function find(sentence: Sentence, pattern: RegExp): string | null {
  const match = pattern.exec(plain(sentence));
  if (!match) return null;
  return (match.slice(1).find((group) => group !== undefined) ?? match[0]).trim();
}
