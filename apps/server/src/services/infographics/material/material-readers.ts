import type { SourcedText } from '../../../engines/renderer/renderer.ts';
import { baseLanguage } from '../../../engines/writer/composer/language.ts';

// Tolerant readers for the shapes content details come in: the built-in composer's and the
// language models' differ (a time is `{value}` in one and a string in the other), and the spec's
// client-side `content_data` is free-form.

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A short value: a string, a number, or `{value}`. */
export function shortValue(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') return clean(v) || undefined;
  if (isRecord(v)) return shortValue(v.value);
  return undefined;
}

/** The text of a list item: a string, or an object's text, task, step or title. */
export function itemText(v: unknown): string | undefined {
  if (typeof v === 'string' || typeof v === 'number') return shortValue(v);
  if (!isRecord(v)) return undefined;
  for (const key of ['text', 'task', 'step', 'title', 'item', 'name', 'value']) {
    const value = v[key];
    if (typeof value === 'string' && clean(value)) return clean(value);
  }
  return undefined;
}

export const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function texts(v: unknown, max = 40): string[] {
  return listOf(v)
    .map(itemText)
    .filter((t): t is string => Boolean(t))
    .slice(0, max);
}

export function sourced(v: unknown, max = 40): SourcedText[] {
  return listOf(v)
    .map((item): SourcedText | undefined => {
      const text = itemText(item);
      if (!text) return undefined;
      const start = isRecord(item) && typeof item.start === 'number' ? item.start : null;
      // A quote from a writer that knows who spoke carries the voice's name.
      const speaker = isRecord(item) && typeof item.speaker === 'string' ? item.speaker.trim() : '';
      return speaker ? { text, start, speaker } : { text, start };
    })
    .filter((t): t is SourcedText => Boolean(t))
    .slice(0, max);
}

/** An ingredient as one line: "2 cups flour" from `{quantity, unit, item}`, or its text. */
export function ingredientLine(v: unknown): string | undefined {
  if (!isRecord(v)) return itemText(v);
  const item = typeof v.item === 'string' ? clean(v.item) : '';
  if (!item) return itemText(v);
  const amount = [shortValue(v.quantity), shortValue(v.unit)].filter(Boolean).join(' ');
  return amount ? `${amount} ${item}` : item;
}

/** A step as one short line: a tutorial step's title when it has one, else its text. */
export function stepLine(v: unknown): string | undefined {
  if (isRecord(v) && typeof v.title === 'string' && clean(v.title)) return clean(v.title);
  if (isRecord(v) && typeof v.step === 'string' && clean(v.step)) return clean(v.step);
  return itemText(v);
}

/** The first sentence of a text, in its language's sentence rules. */
export function firstSentence(text: string, language: string): string {
  const segmenter = new Intl.Segmenter(baseLanguage(language), { granularity: 'sentence' });
  for (const { segment } of segmenter.segment(text)) {
    const sentence = clean(segment);
    if (sentence) return sentence;
  }
  return clean(text);
}

/** Hashtags and keywords as tags: no `#`, no duplicates. */
export function tagsOf(...lists: unknown[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of lists.flatMap((l) => texts(l, 30))) {
    const plain = tag.replace(/^#+/, '').trim();
    const key = plain.toLowerCase();
    if (!plain || seen.has(key)) continue;
    seen.add(key);
    out.push(plain);
  }
  return out;
}

export function capitalised(text: string): string {
  return text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SHORT_UNITS: [RegExp, string][] = [
  [/^(?:minutes?|mins?)$/, 'min'],
  [/^(?:hours?|hrs?)$/, 'h'],
  [/^(?:seconds?|secs?)$/, 's'],
  [/^(?:people|persons|servings|portions)$/, ''],
];

/** English number words up to 99 as a number ("twenty five" → 25); undefined otherwise. */
function spokenNumber(words: string[]): number | undefined {
  if (words.length === 1 && /^\d+(?:[.,]\d+)?$/.test(words[0] ?? ''))
    return Number(words[0]?.replace(',', '.'));
  const [first, second, ...rest] = words;
  if (!first || rest.length) return undefined;
  if (second === undefined) return UNITS[first] ?? TENS[first];
  const tens = TENS[first];
  const unit = UNITS[second];
  return tens !== undefined && unit !== undefined && unit > 0 && unit < 10 ? tens + unit : undefined;
}

/**
 * A spoken English figure as it is printed: "fifteen minutes" → "15 min", "eight" → "8",
 * "about an hour" → "~1 h". The same quantity, drawn large; anything else stays as said.
 */
export function printedFigure(value: string, language: string): string {
  if (baseLanguage(language) !== 'en') return value;
  const words = value.toLowerCase().replace(/-/g, ' ').split(/\s+/).filter(Boolean);
  const approx = words[0] === 'about' || words[0] === 'around' || words[0] === 'roughly';
  const rest = approx ? words.slice(1) : words;
  const last = rest.at(-1) ?? '';
  const unit = SHORT_UNITS.find(([pattern]) => pattern.test(last));
  const number = spokenNumber(unit ? rest.slice(0, -1) : rest);
  if (number === undefined) return value;
  const printed = `${approx ? '~' : ''}${number}${unit?.[1] ? ` ${unit[1]}` : ''}`;
  return printed;
}
