import { INFOGRAPHIC_DATA_LIMITS as LIMIT, zInfographicData } from '@voxpress/contracts';
import type { InfographicData, SourcedText } from '../../../engines/renderer/renderer.ts';
import { baseLanguage } from '../../../engines/writer/composer/language.ts';

/** Marks a text that was cut. */
export const ELLIPSIS = '…';

// Line breaks, tabs and other control characters: one-line fields refuse them, so they become spaces.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing control characters is the point.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One line of text: control characters and runs of spaces as one space, no lone surrogates. */
export function oneLine(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * `text` in at most `max` UTF-16 code units (what the contract counts), as one line. A longer
 * text is cut after its last whole word that fits, with an ellipsis: the language's own word
 * rules (`Intl.Segmenter`) find the words, so Chinese, Japanese and Thai, written without spaces,
 * are cut between words too. A first word longer than the limit on its own is the one case cut
 * inside a word, at a character (grapheme) boundary.
 */
export function fitText(text: string, max: number, language = 'en'): string {
  const flat = oneLine(text);
  if (flat.length <= max) return flat;
  const room = max - ELLIPSIS.length;
  // Only the start can be kept: segment no more than a little past the limit.
  const head = flat.slice(0, max + 64);
  let end = 0;
  for (const s of new Intl.Segmenter(locale(language), { granularity: 'word' }).segment(head)) {
    const after = s.index + s.segment.length;
    if (after > room) break;
    if (s.isWordLike) end = after;
  }
  // A closing quote or bracket right after the last word stays with it.
  const closing = /^[\p{Pe}\p{Pf}'"]+/u.exec(flat.slice(end))?.[0] ?? '';
  if (end && end + closing.length <= room) end += closing.length;
  let kept = flat.slice(0, end).trimEnd();
  if (!kept) {
    // One word longer than the limit: keep its whole characters (graphemes) that fit.
    let cut = 0;
    for (const g of new Intl.Segmenter(locale(language), { granularity: 'grapheme' }).segment(head)) {
      if (g.index + g.segment.length > room) break;
      cut = g.index + g.segment.length;
    }
    kept = flat.slice(0, cut).trimEnd();
  }
  return `${kept}${ELLIPSIS}`;
}

function locale(language: string): string {
  try {
    return Intl.getCanonicalLocales(baseLanguage(language))[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/**
 * Data as the contract (`zInfographicData`) allows it: every text one line within its limit, cut
 * at a word boundary; lists within their length; no empty items. Content from real recordings
 * (speech engines write long runs with no punctuation, so a "first sentence" can be a whole
 * paragraph) is drawn and answered in this shape instead of failing the response.
 */
export function fitToContract(data: InfographicData): InfographicData {
  const language = zInfographicData.shape.language.safeParse(data.language).success ? data.language : 'en';
  const fit = (text: string | undefined, max: number) =>
    text === undefined ? '' : fitText(text, max, language);
  const list = (items: readonly string[] | undefined, max: number, count: number) =>
    items
      ?.map((t) => fit(t, max))
      .filter(Boolean)
      .slice(0, count);
  const sourced = (item: SourcedText): SourcedText => ({
    text: fit(item.text, LIMIT.point),
    start:
      typeof item.start === 'number' && Number.isFinite(item.start) && item.start >= 0 ? item.start : null,
  });

  const out: InfographicData = {
    language,
    title: fit(data.title, LIMIT.title),
    points: data.points
      .map(sourced)
      .filter((p) => p.text)
      .slice(0, LIMIT.points),
  };
  const subtitle = fit(data.subtitle, LIMIT.subtitle);
  if (subtitle) out.subtitle = subtitle;
  const steps = list(data.steps, LIMIT.step, LIMIT.steps);
  if (steps?.length) out.steps = steps;
  const ingredients = list(data.ingredients, LIMIT.ingredient, LIMIT.ingredients);
  if (ingredients?.length) out.ingredients = ingredients;
  const facts = data.facts
    ?.map((f) => ({ label: fit(f.label, LIMIT.factLabel), value: fit(f.value, LIMIT.factValue) }))
    .filter((f) => f.value)
    .slice(0, LIMIT.facts);
  if (facts?.length) out.facts = facts;
  if (data.comparison) {
    const side = (x: { label: string; items: string[] }) => ({
      label: fit(x.label, LIMIT.comparisonLabel),
      items: list(x.items, LIMIT.point, LIMIT.comparisonRows) ?? [],
    });
    const left = side(data.comparison.left);
    const right = side(data.comparison.right);
    if (left.label && right.label && left.items.length && right.items.length)
      out.comparison = { left, right, tone: data.comparison.tone };
  }
  if (data.quote) {
    const speaker = fit(data.quote.speaker, LIMIT.speaker);
    const quote = {
      ...sourced(data.quote),
      text: fit(data.quote.text, LIMIT.quote),
      ...(speaker ? { speaker } : {}),
    };
    if (quote.text) out.quote = quote;
  }
  const actions = data.actionItems
    ?.map((a) => {
      const owner = fit(a.owner, LIMIT.owner);
      return { text: fit(a.text, LIMIT.actionItem), ...(owner ? { owner } : {}) };
    })
    .filter((a) => a.text)
    .slice(0, LIMIT.actionItems);
  if (actions?.length) out.actionItems = actions;
  const tags = list(data.tags, LIMIT.tag, LIMIT.tags);
  if (tags?.length) out.tags = tags;
  const footer = fit(data.footer, LIMIT.footer);
  if (footer) out.footer = footer;
  return out;
}
