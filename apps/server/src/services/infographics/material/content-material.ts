import type { ContentBlock, ContentTranslation } from '@voxpress/contracts';
import type { StoredContentBody } from '../../../db/json-columns.ts';
import { languageName } from '../../../engines/translator/languages.ts';
import { label } from '../../../engines/writer/composer/labels.ts';
import { baseLanguage, CONTENT_LANGUAGES } from '../../../engines/writer/composer/language.ts';
import { HttpError } from '../../../lib/http-error.ts';
import type { ContentRow } from '../../../repositories/content.repository.ts';
import { findComparison, type Section } from './comparison.ts';
import { factLabel } from './fact-labels.ts';
import { emptyMaterial, type InfographicMaterial } from './infographic-material.ts';
import {
  capitalised,
  firstSentence,
  ingredientLine,
  isRecord,
  itemText,
  listOf,
  printedFigure,
  shortValue,
  sourced,
  stepLine,
  tagsOf,
  texts,
} from './material-readers.ts';

type SectionKind =
  | 'ingredients'
  | 'steps'
  | 'action_items'
  | 'decisions'
  | 'features'
  | 'benefits'
  | 'key_points'
  | 'other';

// Headings the writers give their sections, in every content language: the composer's labels and
// the language models' section names.
const HEADINGS: [SectionKind, string[]][] = [
  ['ingredients', ['ingredients']],
  ['steps', ['method', 'steps', 'instructions', 'directions']],
  ['action_items', ['action_items', 'action items', 'next steps']],
  ['decisions', ['decisions']],
  ['features', ['features', 'features and benefits']],
  ['benefits', ['benefits']],
  ['key_points', ['key_points', 'key points', 'highlights']],
];
const HEADING_WORDS: [SectionKind, Set<string>][] = HEADINGS.map(([kind, keys]) => [
  kind,
  new Set(
    keys.flatMap((key) =>
      key.includes(' ')
        ? [key]
        : CONTENT_LANGUAGES.map((l) => label(l, key as Parameters<typeof label>[1]).toLowerCase()).concat(
            key,
          ),
    ),
  ),
]);

function headingKind(text: string): SectionKind {
  const heading = text
    .trim()
    .toLowerCase()
    .replace(/[:：]$/, '');
  for (const [kind, words] of HEADING_WORDS) if (words.has(heading)) return kind;
  return 'other';
}

/** The section kind of every block: the kind of the heading above it. */
function sectionKinds(blocks: readonly ContentBlock[]): SectionKind[] {
  let current: SectionKind = 'other';
  return blocks.map((b) => {
    if (b.type === 'heading') current = headingKind(b.text);
    return current;
  });
}

/** Whether a translation's blocks line up one to one with the original's. */
const aligned = (a: readonly ContentBlock[], b: readonly ContentBlock[]) =>
  a.length === b.length && a.every((block, i) => block.type === b[i]?.type);

/**
 * Material from a piece's blocks alone (what every translation has): lists by the section they
 * stand in, numbered blocks as steps, quote blocks as quotes, opening sentences as points.
 * `kinds` classifies the sections when the original's headings are known to line up.
 */
function fromBlocks(
  title: string,
  blocks: readonly ContentBlock[],
  language: string,
  kinds: SectionKind[] = sectionKinds(blocks),
): InfographicMaterial {
  const m = emptyMaterial(language, title);
  const paragraphs: ContentBlock[] = [];
  blocks.forEach((block, i) => {
    const kind = kinds[i] ?? 'other';
    const item = { text: block.text.trim(), start: block.start };
    if (!item.text || block.type === 'heading') return;
    if (block.type === 'quote') m.quotes.push(item);
    else if (block.type === 'paragraph') paragraphs.push(block);
    else if (kind === 'ingredients') m.ingredients.push(item.text);
    else if (kind === 'steps' || block.type === 'numbered') m.steps.push(item.text);
    else if (kind === 'action_items') m.actionItems.push({ text: item.text });
    else if (kind === 'decisions') m.decisions.push(item);
    else if (kind === 'features') m.features.push(item);
    else if (kind === 'benefits') m.benefits.push(item);
    else m.keyPoints.push(item);
  });
  m.comparison = comparisonOf(title, blocks);
  const [first, ...rest] = paragraphs;
  if (first) m.subtitle = firstSentence(first.text, language);
  if (m.keyPoints.length < 3) {
    for (const p of rest.slice(0, 5 - m.keyPoints.length))
      m.keyPoints.push({ text: firstSentence(p.text, language), start: p.start });
  }
  return m;
}

/** The two options a piece compares, read from its sections, list items and paragraphs. */
function comparisonOf(title: string, blocks: readonly ContentBlock[], extra: string[] = []) {
  const sections: Section[] = [{ heading: '', items: [...extra] }];
  const paragraphs: string[] = [];
  for (const b of blocks) {
    const text = b.text.trim();
    if (!text) continue;
    if (b.type === 'heading') sections.push({ heading: text, items: [] });
    else {
      sections.at(-1)?.items.push(text);
      if (b.type === 'paragraph') paragraphs.push(text);
    }
  }
  return findComparison(
    title,
    sections.filter((s) => s.items.length),
    paragraphs,
  );
}

/**
 * What a content type's details add (the composer's and the language models' shapes, and the
 * spec's free-form `content_data`, which uses the same names): recipe figures, ingredients and
 * steps, tutorial steps, meeting action items and decisions, product features, benefits and price.
 */
export function detailsMaterial(details: unknown, m: InfographicMaterial): void {
  if (!isRecord(details)) return;
  const lang = m.language;
  const ingredients = listOf(details.ingredients)
    .map(ingredientLine)
    .filter((t): t is string => Boolean(t));
  if (ingredients.length) m.ingredients = ingredients.slice(0, 40);
  const steps = [...listOf(details.instructions), ...listOf(details.tutorial_steps), ...listOf(details.steps)]
    .map(stepLine)
    .filter((t): t is string => Boolean(t));
  if (steps.length) m.steps = steps.slice(0, 20);
  const fact = (key: 'prep_time' | 'cook_time' | 'servings' | 'cuisine', value: unknown) => {
    const v = shortValue(value);
    if (v)
      m.facts.push({
        label: factLabel(lang, key),
        value: key === 'cuisine' ? capitalised(v) : printedFigure(v, lang),
      });
  };
  fact('prep_time', details.prep_time);
  fact('cook_time', details.cook_time);
  fact('servings', details.servings);
  const difficulty = shortValue(details.difficulty)?.toLowerCase();
  if (difficulty)
    m.facts.push({
      label: factLabel(lang, 'difficulty'),
      value:
        difficulty === 'easy' || difficulty === 'medium' || difficulty === 'hard'
          ? factLabel(lang, difficulty)
          : capitalised(difficulty),
    });
  fact('cuisine', details.cuisine);

  const meeting = isRecord(details.meeting_data) ? details.meeting_data : undefined;
  if (meeting) {
    const actions = listOf(meeting.action_items)
      .map((a) => {
        const text = itemText(a);
        const owner = isRecord(a) ? shortValue(a.owner) : undefined;
        return text ? { text, ...(owner ? { owner } : {}) } : undefined;
      })
      .filter((a): a is { text: string; owner?: string } => Boolean(a));
    if (actions.length) m.actionItems = actions.slice(0, 12);
    const decisions = sourced(meeting.decisions, 12);
    if (decisions.length) m.decisions = decisions;
    const attendees = texts(meeting.attendees, 50);
    if (attendees.length)
      m.facts.push({ label: factLabel(lang, 'attendees'), value: String(attendees.length) });
    if (actions.length)
      m.facts.push({ label: factLabel(lang, 'action_items'), value: String(actions.length) });
    if (decisions.length)
      m.facts.push({ label: factLabel(lang, 'decisions'), value: String(decisions.length) });
  }

  const product = isRecord(details.product_data) ? details.product_data : undefined;
  if (product) {
    const features = sourced(product.features, 12);
    if (features.length) m.features = features;
    const benefits = sourced(product.benefits, 12);
    if (benefits.length) m.benefits = benefits;
    const price = shortValue(product.price);
    if (price) m.facts.push({ label: factLabel(lang, 'price'), value: price });
  }
  if (
    m.steps.length >= 2 &&
    !m.facts.some((f) => f.label === factLabel(lang, 'steps')) &&
    !meeting &&
    !product
  )
    m.facts.push({ label: factLabel(lang, 'steps'), value: String(m.steps.length) });
}

/**
 * The first language: its current blocks (the user's edit, if any), then the key points, quotes
 * and details the writer gave with it.
 */
function fromBody(
  body: StoredContentBody,
  current: ContentTranslation,
  row: ContentRow,
  language: string,
): InfographicMaterial {
  const m = fromBlocks(current.title || body.title || row.title, current.blocks, language);
  const points = sourced(body.key_points, 12);
  if (points.length) m.keyPoints = points;
  m.comparison ??= comparisonOf(
    m.title,
    current.blocks,
    points.map((p) => p.text),
  );
  const quotes = sourced(body.quotes, 5);
  if (quotes.length) m.quotes = [...quotes, ...m.quotes];
  detailsMaterial(body.details, m);
  m.tags = tagsOf(row.keywords, body.keywords).slice(0, 8);
  return m;
}

/** The languages a piece can be drawn in: its first language and every finished translation. */
export function drawableLanguages(row: ContentRow): string[] {
  const translations = row.translations;
  return Object.entries(translations)
    .filter(([, t]) => t.status === 'completed' && t.blocks.length > 0)
    .map(([lang]) => lang);
}

/**
 * A piece of content as infographic material in `language` (default: its first language). The
 * first language uses everything the writer gave (key points, quotes with their times, recipe,
 * tutorial, meeting and product details); a translation has its blocks, read by the sections of
 * the original they line up with. A language the piece has no finished text in is refused.
 */
export function materialFromContent(row: ContentRow, language?: string): InfographicMaterial {
  const translations = row.translations;
  const wanted = language ? resolveLanguage(Object.keys(translations), language) : row.language;
  const translation: ContentTranslation | undefined = wanted ? translations[wanted] : undefined;
  const body = row.body;
  if (!wanted || !translation || translation.status !== 'completed' || !body) {
    const name = languageName(wanted ?? language ?? row.language);
    throw new HttpError(
      409,
      'infographic_language_missing',
      body
        ? `This content has no ${name} version yet. Choose one of its finished languages, or wait for the translation.`
        : 'This content is still being written. Try again once it is finished.',
      { language: wanted ?? language ?? row.language, available: drawableLanguages(row).join(',') },
    );
  }
  if (wanted === row.language) return fromBody(body, translation, row, wanted);
  const kinds = aligned(body.blocks, translation.blocks) ? sectionKinds(body.blocks) : undefined;
  const m = fromBlocks(translation.title || row.title, translation.blocks, wanted, kinds);
  m.tags = tagsOf(row.keywords).slice(0, 8);
  return m;
}

/** `en-US` asked for, `en` stored (or the other way round): the stored code. */
function resolveLanguage(stored: string[], wanted: string): string | undefined {
  const lower = wanted.toLowerCase().replace('_', '-');
  return stored.find((l) => l === lower) ?? stored.find((l) => baseLanguage(l) === baseLanguage(lower));
}
