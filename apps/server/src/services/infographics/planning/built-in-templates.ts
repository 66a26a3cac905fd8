import {
  type BestFor,
  type Emphasis,
  INFOGRAPHIC_CONTENT_TYPES,
  type InfographicContentType,
  type InfographicTemplate,
  LAYOUT_STYLE_KEYS,
  LAYOUT_STYLES,
  type LayoutStyle,
  type LayoutStyleEntry,
  type LayoutStyleKey,
} from '@voxpress/contracts';

/** What each content type can put first, in the order a set of variations goes through them. */
export const EMPHASES_BY_TYPE: Record<InfographicContentType, readonly Emphasis[]> = {
  recipe: ['ingredients', 'steps', 'facts', 'quote', 'key_points'],
  tutorial: ['steps', 'key_points', 'quote', 'summary', 'facts'],
  meeting_notes: ['action_items', 'decisions', 'key_points', 'quote', 'facts'],
  product_description: ['features', 'benefits', 'facts', 'quote', 'key_points'],
  enhanced: ['key_points', 'quote', 'summary', 'facts', 'steps'],
};

export const CONTENT_TYPE_LABELS: Record<InfographicContentType, { label: string; description: string }> = {
  recipe: { label: 'Recipe', description: 'Ingredients, method, times and servings.' },
  tutorial: { label: 'Tutorial', description: 'Numbered steps and what to keep in mind.' },
  meeting_notes: { label: 'Meeting Notes', description: 'Decisions, action items and who owns them.' },
  product_description: { label: 'Product Description', description: 'Features, benefits and price.' },
  enhanced: { label: 'Enhanced', description: 'Key points and a quote from any piece of content.' },
};

export const EMPHASIS_LABELS: Record<Emphasis, string> = {
  key_points: 'Key points',
  summary: 'Summary',
  quote: 'Quote',
  facts: 'Key facts',
  ingredients: 'Ingredients',
  steps: 'Step by step',
  action_items: 'Action items',
  decisions: 'Decisions',
  features: 'Features',
  benefits: 'Benefits',
};

function styleEntry(key: LayoutStyleKey): LayoutStyleEntry {
  const style = LAYOUT_STYLES.find((s) => s.key === key);
  if (!style) throw new Error(`Unknown layout style ${key}`);
  return style;
}

/** A layout style as clients are shown it (without the catalogue's own notes). */
export function layoutStyle(key: LayoutStyleKey): LayoutStyle {
  const { name, description, colors, icon } = styleEntry(key);
  return { key, name, description, colors: { ...colors }, icon };
}

export const builtInTemplateId = (style: LayoutStyleKey, type: InfographicContentType) => `${style}-${type}`;

/** A built-in id (`modern-recipe`) as its style and content type; undefined for anything else. */
export function parseBuiltInId(
  id: string,
): { style: LayoutStyleKey; contentType: InfographicContentType } | undefined {
  const dash = id.indexOf('-');
  const style = LAYOUT_STYLE_KEYS.find((s) => s === id.slice(0, dash));
  const contentType = INFOGRAPHIC_CONTENT_TYPES.find((t) => t === id.slice(dash + 1));
  return style && contentType ? { style, contentType } : undefined;
}

/** Where a layout style shows best (its catalogue entry's `bestFor`). */
export const bestForOf = (style: LayoutStyleKey): BestFor[] => [...styleEntry(style).bestFor];

/** The built-in template of one layout style for one content type. */
export function builtInTemplate(style: LayoutStyleKey, type: InfographicContentType): InfographicTemplate {
  const s = layoutStyle(style);
  const emphases = [...EMPHASES_BY_TYPE[type]];
  return {
    id: builtInTemplateId(style, type),
    name: `${s.name} ${CONTENT_TYPE_LABELS[type].label}`,
    description: `${s.description} ${CONTENT_TYPE_LABELS[type].description}`,
    source: 'built_in',
    content_type: type,
    layout_style: style,
    style: { ...s, colors: { ...s.colors } },
    colors: { ...s.colors },
    color_scheme: {},
    custom_layers: [],
    emphases,
    template_info: { style, emphasis: emphases[0] ?? 'key_points', best_for: bestForOf(style) },
    based_on: null,
    created_at: null,
    updated_at: null,
  };
}

/** Every built-in template: each layout style for each content type (25). */
export function builtInTemplates(type?: InfographicContentType): InfographicTemplate[] {
  const types = type ? [type] : INFOGRAPHIC_CONTENT_TYPES;
  return types.flatMap((t) => LAYOUT_STYLE_KEYS.map((s) => builtInTemplate(s, t)));
}
