import type { CustomLayer, Emphasis, InfographicContentType } from '@voxpress/contracts';
import type { Comparison, InfographicData, SourcedText } from '../../../engines/renderer/renderer.ts';
import { EMPHASES_BY_TYPE } from '../planning/built-in-templates.ts';
import { fitToContract } from './fit-data.ts';

/**
 * Everything a piece of content offers an infographic, in one language: more than one image can
 * show. Each variation draws a part of it (`dataFor`), chosen by its emphasis. Every text is the
 * content's own; nothing here is written anew.
 */
export interface InfographicMaterial {
  language: string;
  title: string;
  subtitle?: string | undefined;
  keyPoints: SourcedText[];
  steps: string[];
  ingredients: string[];
  facts: { label: string; value: string }[];
  quotes: SourcedText[];
  /** Two options the content compares, in its own words. */
  comparison?: Comparison | undefined;
  actionItems: { text: string; owner?: string | undefined }[];
  decisions: SourcedText[];
  features: SourcedText[];
  benefits: SourcedText[];
  tags: string[];
  footer?: string | undefined;
}

export function emptyMaterial(language: string, title: string): InfographicMaterial {
  return {
    language,
    title,
    keyPoints: [],
    steps: [],
    ingredients: [],
    facts: [],
    quotes: [],
    actionItems: [],
    decisions: [],
    features: [],
    benefits: [],
    tags: [],
  };
}

/** Whether the material has enough for a variation led by `emphasis`. */
export function supports(material: InfographicMaterial, emphasis: Emphasis): boolean {
  switch (emphasis) {
    case 'key_points':
      return material.keyPoints.length > 0 || material.features.length + material.decisions.length > 0;
    case 'summary':
      return Boolean(material.subtitle) || material.keyPoints.length > 0;
    case 'quote':
      return material.quotes.length > 0;
    case 'facts':
      return material.facts.length >= 2;
    case 'ingredients':
      return material.ingredients.length >= 2;
    case 'steps':
      return material.steps.length >= 2;
    case 'action_items':
      return material.actionItems.length > 0;
    case 'decisions':
      return material.decisions.length > 0;
    case 'features':
      return material.features.length > 0;
    case 'benefits':
      return material.benefits.length > 0;
  }
}

/**
 * The emphases a set goes through for this content: the content type's own, in order, that the
 * material can fill, then any other emphasis it can fill. At least `key_points`: a title and
 * whatever else there is always make an image.
 */
export function emphasesFor(material: InfographicMaterial, type: InfographicContentType): Emphasis[] {
  const own = EMPHASES_BY_TYPE[type].filter((e) => supports(material, e));
  const others = (['key_points', 'quote', 'facts', 'steps', 'summary'] as const).filter(
    (e) => !own.includes(e) && supports(material, e),
  );
  const all = [...own, ...others];
  return all.length ? all : ['key_points'];
}

const take = <T>(items: readonly T[], n: number) => items.slice(0, n);

/** Points to show when the emphasis has none of its own: key points, else features or decisions. */
function anyPoints(m: InfographicMaterial): SourcedText[] {
  if (m.keyPoints.length) return m.keyPoints;
  return [...m.features, ...m.decisions, ...m.benefits];
}

/**
 * The part of the material one variation draws: the title always, then what its emphasis leads
 * with and a little support. Template layers then add a footer or tags, or leave a part out.
 */
export function dataFor(
  m: InfographicMaterial,
  emphasis: Emphasis,
  layers: readonly CustomLayer[] = [],
): InfographicData {
  const data: InfographicData = { language: m.language, title: m.title, points: [] };
  const quote = m.quotes[0];
  const tags = take(m.tags, 5);
  switch (emphasis) {
    case 'key_points':
      data.subtitle = m.subtitle;
      data.points = take(anyPoints(m), 5);
      data.facts = take(m.facts, 3);
      data.comparison = m.comparison;
      break;
    case 'summary':
      data.subtitle = m.subtitle;
      data.points = take(anyPoints(m), 3);
      data.quote = quote;
      data.comparison = m.comparison;
      break;
    case 'quote':
      data.quote = quote;
      data.points = take(anyPoints(m), 3);
      break;
    case 'facts':
      data.facts = take(m.facts, 4);
      data.points = take(anyPoints(m), 3);
      break;
    case 'ingredients':
      data.ingredients = take(m.ingredients, 12);
      data.facts = take(m.facts, 4);
      break;
    case 'steps':
      data.steps = take(m.steps, 6);
      data.facts = take(m.facts, 3);
      break;
    case 'action_items':
      data.actionItems = take(m.actionItems, 6);
      data.facts = take(m.facts, 3);
      break;
    case 'decisions':
      data.points = take(m.decisions, 5);
      data.facts = take(m.facts, 3);
      break;
    case 'features':
      data.points = take(m.features, 6);
      data.facts = take(m.facts, 2);
      break;
    case 'benefits':
      data.points = take(m.benefits, 6);
      data.quote = quote;
      break;
  }
  if (tags.length) data.tags = tags;
  if (m.footer) data.footer = m.footer;
  return withLayers(pruned(data), layers);
}

/**
 * A template's layers applied to data: a footer, fixed tags, parts left out. The result fits the
 * contract: long texts are cut at a word boundary (`fitToContract`).
 */
export function withLayers(data: InfographicData, layers: readonly CustomLayer[]): InfographicData {
  const out: InfographicData = { ...data };
  for (const layer of layers) {
    switch (layer.type) {
      case 'footer':
        out.footer = layer.text;
        break;
      case 'tags':
        out.tags = [...layer.tags];
        break;
      case 'hide':
        if (layer.part === 'points') out.points = [];
        else if (layer.part === 'action_items') out.actionItems = undefined;
        else out[layer.part] = undefined;
        break;
    }
  }
  return fitToContract(pruned(out));
}

/** Drops empty optional parts, so a renderer never draws an empty section. */
function pruned(data: InfographicData): InfographicData {
  const out: InfographicData = { language: data.language, title: data.title, points: data.points };
  if (data.subtitle) out.subtitle = data.subtitle;
  if (data.steps?.length) out.steps = data.steps;
  if (data.ingredients?.length) out.ingredients = data.ingredients;
  if (data.facts?.length) out.facts = data.facts;
  if (data.comparison) out.comparison = data.comparison;
  if (data.quote?.text) out.quote = data.quote;
  if (data.actionItems?.length) out.actionItems = data.actionItems;
  if (data.tags?.length) out.tags = data.tags;
  if (data.footer) out.footer = data.footer;
  return out;
}
