import type { ContentData } from '@voxpress/contracts';
import { findComparison, type Section } from './comparison.ts';
import { detailsMaterial } from './content-material.ts';
import { emptyMaterial, type InfographicMaterial } from './infographic-material.ts';
import { firstSentence, isRecord, sourced, tagsOf } from './material-readers.ts';

const MAX_TITLE = 120;

/** Paragraphs of a text: blank lines between them, or one per line for a short list. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n|\n(?=\s*(?:[-*•]|\d+[.)])\s)/)
    .map((p) => p.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter(Boolean);

/**
 * The spec's free-form `content_data` as material: a plain text (its first short line is the
 * title, its paragraphs' opening sentences the points), or an object whose known fields are read
 * (title, description, key points, quotes, recipe fields, steps, meeting and product data, tags).
 * Returns undefined when it holds nothing to draw.
 */
export function materialFromContentData(
  data: ContentData,
  language: string,
  titleHint?: string,
): InfographicMaterial | undefined {
  const record = isRecord(data) ? data : { text: data };
  const lang = typeof record.language === 'string' ? record.language : language;
  const text = [record.text, record.content].find(
    (t): t is string => typeof t === 'string' && t.trim() !== '',
  );
  const paragraphs = text ? paragraphsOf(text) : [];
  let title = typeof record.title === 'string' ? record.title.trim() : '';
  let body = paragraphs;
  if (!title && paragraphs[0] && paragraphs[0].length <= MAX_TITLE && !/[.!?。]$/.test(paragraphs[0])) {
    title = paragraphs[0];
    body = paragraphs.slice(1);
  }
  if (!title && titleHint) title = titleHint;
  if (!title && body[0]) title = firstSentence(body[0], lang);

  const m = emptyMaterial(lang, title);
  const description = [record.subtitle, record.description, record.summary].find(
    (t): t is string => typeof t === 'string' && t.trim() !== '',
  );
  if (description) m.subtitle = firstSentence(description, lang);
  else if (body[0] && firstSentence(body[0], lang) !== title) m.subtitle = firstSentence(body[0], lang);

  m.keyPoints = [
    ...sourced(record.key_points),
    ...sourced(record.points),
    ...sourced(record.highlights),
  ].slice(0, 12);
  if (!m.keyPoints.length)
    m.keyPoints = body
      .slice(m.subtitle ? 1 : 0, 6)
      .map((p) => ({ text: firstSentence(p, lang), start: null }));
  const quote = record.quote;
  m.quotes = [
    ...(typeof quote === 'string' ? [{ text: quote, start: null }] : sourced(quote ? [quote] : [])),
    ...sourced(record.quotes),
  ];
  detailsMaterial(record, m);
  // Sides the client named (`pros` and `cons`, `before` and `after`), else the text's own.
  const named: Section[] = (['pros', 'cons', 'before', 'after'] as const).flatMap((key) => {
    const items = sourced(record[key], 8).map((t) => t.text);
    return items.length ? [{ heading: key[0]?.toUpperCase() + key.slice(1), items }] : [];
  });
  m.comparison = findComparison(
    m.title,
    [...named, { heading: '', items: [...m.keyPoints.map((p) => p.text), ...body] }],
    body,
  );
  m.tags = tagsOf(record.hashtags, record.keywords).slice(0, 8);
  if (typeof record.author === 'string' && record.author.trim()) m.footer = record.author.trim();

  const empty =
    !m.title &&
    !m.subtitle &&
    !m.keyPoints.length &&
    !m.steps.length &&
    !m.ingredients.length &&
    !m.quotes.length &&
    !m.actionItems.length &&
    !m.features.length;
  return empty ? undefined : m;
}

/** All the words of the material, for the keyword rules and the language model. */
export function materialText(m: InfographicMaterial): string {
  return [
    m.subtitle,
    ...m.keyPoints.map((p) => p.text),
    ...m.steps,
    ...m.ingredients,
    ...m.quotes.map((q) => q.text),
    ...m.actionItems.map((a) => a.text),
    ...m.decisions.map((d) => d.text),
    ...m.features.map((f) => f.text),
    ...m.benefits.map((b) => b.text),
    ...m.facts.map((f) => `${f.label} ${f.value}`),
    ...m.tags,
  ]
    .filter(Boolean)
    .join('\n');
}
