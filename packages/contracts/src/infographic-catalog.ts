// The fixed lists infographics are made from (spec §3 and §9): layout styles, size presets,
// content types, audiences and cultural contexts. Free of zod, so the browser may import it.

/** The five layout styles every template comes in. */
export const LAYOUT_STYLE_KEYS = ['modern', 'classic', 'minimal', 'vibrant', 'elegant'] as const;
export type LayoutStyleKey = (typeof LAYOUT_STYLE_KEYS)[number];

/** A layout style as clients are shown it: its key, name, description, four colours and a preview icon. */
export interface LayoutStyle {
  key: LayoutStyleKey;
  name: string;
  description: string;
  /** Hex colours: the style's primary, secondary, accent and background. */
  colors: { primary: string; secondary: string; accent: string; background: string };
  /** A short emoji shown beside the name in pickers. */
  icon: string;
}

/**
 * Everything the catalogue says of a layout style: what clients are shown, and where the style
 * shows best. A new style is one entry here and its theme in the renderer.
 */
export interface LayoutStyleEntry extends LayoutStyle {
  /** Where it shows best, in this order (template details: "best for"). */
  bestFor: readonly BestFor[];
}

// One entry per key, so a key without its entry fails the type check.
const LAYOUT_STYLE_ENTRIES = {
  modern: {
    name: 'Modern',
    description: 'Clean cards, bold numbers and a confident accent colour.',
    colors: { primary: '#1d4ed8', secondary: '#0f172a', accent: '#f59e0b', background: '#f8fafc' },
    icon: '🔷',
    bestFor: ['instagram', 'linkedin', 'presentation'],
  },
  classic: {
    name: 'Classic',
    description: 'Serif headings, ruled sections and warm paper tones.',
    colors: { primary: '#7c2d12', secondary: '#292524', accent: '#b45309', background: '#fdf6e3' },
    icon: '📜',
    bestFor: ['pinterest', 'blog', 'print'],
  },
  minimal: {
    name: 'Minimal',
    description: 'Lots of white space, one colour and quiet typography.',
    colors: { primary: '#111827', secondary: '#4b5563', accent: '#10b981', background: '#ffffff' },
    icon: '◻️',
    bestFor: ['linkedin', 'newsletter', 'presentation'],
  },
  vibrant: {
    name: 'Vibrant',
    description: 'Saturated gradients and big shapes that stop the scroll.',
    colors: { primary: '#db2777', secondary: '#4c1d95', accent: '#facc15', background: '#fff1f2' },
    icon: '🎨',
    bestFor: ['instagram', 'instagram_story', 'facebook'],
  },
  elegant: {
    name: 'Elegant',
    description: 'Dark background, gold details and refined spacing.',
    colors: { primary: '#d4af37', secondary: '#f5f5f4', accent: '#a78bfa', background: '#1c1917' },
    icon: '✨',
    bestFor: ['pinterest', 'instagram', 'newsletter'],
  },
} satisfies Record<LayoutStyleKey, Omit<LayoutStyleEntry, 'key'>>;

/** The layout styles in the order of their keys. */
export const LAYOUT_STYLES: readonly LayoutStyleEntry[] = LAYOUT_STYLE_KEYS.map((key) => ({
  key,
  ...LAYOUT_STYLE_ENTRIES[key],
}));

/** A size an infographic can be made in; `value` is `WxH`. */
export interface SizePreset {
  value: string;
  label: string;
  platform: string;
  width: number;
  height: number;
}

/** The spec's six size presets, shown to users. */
export const SIZE_PRESETS: readonly SizePreset[] = [
  { value: '1080x1080', label: 'Instagram Square', platform: 'instagram', width: 1080, height: 1080 },
  { value: '1080x1920', label: 'Instagram Story', platform: 'instagram', width: 1080, height: 1920 },
  { value: '1200x630', label: 'Facebook Post', platform: 'facebook', width: 1200, height: 630 },
  { value: '1920x1080', label: 'YouTube Thumbnail', platform: 'youtube', width: 1920, height: 1080 },
  { value: '800x800', label: 'Pinterest Square', platform: 'pinterest', width: 800, height: 800 },
  { value: '735x1102', label: 'Pinterest Vertical', platform: 'pinterest', width: 735, height: 1102 },
];

/** Further sizes the spec uses in places (shared list default, multiple templates, job modal). */
export const EXTRA_SIZES: readonly SizePreset[] = [
  { value: '512x512', label: 'Small Square', platform: 'web', width: 512, height: 512 },
  { value: '640x640', label: 'Medium Square', platform: 'web', width: 640, height: 640 },
  { value: '420x640', label: 'Portrait Card', platform: 'web', width: 420, height: 640 },
];

export const DEFAULT_INFOGRAPHIC_SIZE = '1080x1080';

/** Parses `WxH` into pixels when it names a known size; undefined otherwise. */
export function findSize(value: string): SizePreset | undefined {
  return [...SIZE_PRESETS, ...EXTRA_SIZES].find((s) => s.value === value);
}

/** Infographic content types (spec §3); `enhanced` is the default. */
export const INFOGRAPHIC_CONTENT_TYPES = [
  'recipe',
  'tutorial',
  'meeting_notes',
  'product_description',
  'enhanced',
] as const;
export type InfographicContentType = (typeof INFOGRAPHIC_CONTENT_TYPES)[number];

/** Audiences (spec §3 lists those seen; `general` is the fallback). */
export const AUDIENCES = ['general', 'health_enthusiasts', 'beginner', 'busy_parents'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** Cultural contexts (spec §3; `international` is the fallback). */
export const CULTURAL_CONTEXTS = ['international', 'asian', 'mediterranean', 'indian', 'mexican'] as const;
export type CulturalContext = (typeof CULTURAL_CONTEXTS)[number];

/** Infographic job statuses, in order (spec §4). */
export const INFOGRAPHIC_JOB_STATUSES = [
  'pending',
  'analyzing',
  'designing',
  'generating',
  'completed',
  'failed',
] as const;
export type InfographicJobStatus = (typeof INFOGRAPHIC_JOB_STATUSES)[number];

/** Cuisine types a recipe collection can be filed under (`collections/create?cuisine_type=`). */
export const CUISINE_TYPES = [
  'international',
  'american',
  'british',
  'caribbean',
  'chinese',
  'ethiopian',
  'french',
  'german',
  'greek',
  'indian',
  'italian',
  'japanese',
  'korean',
  'lebanese',
  'mediterranean',
  'mexican',
  'middle_eastern',
  'moroccan',
  'spanish',
  'thai',
  'turkish',
  'vietnamese',
] as const;
export type CuisineType = (typeof CUISINE_TYPES)[number];

/**
 * What a variation puts first. Each variation of a set draws the same content with one emphasis:
 * which parts are shown, and which leads. Clients show these keys in their own words.
 */
export const EMPHASES = [
  'key_points',
  'summary',
  'quote',
  'facts',
  'ingredients',
  'steps',
  'action_items',
  'decisions',
  'features',
  'benefits',
] as const;
export type Emphasis = (typeof EMPHASES)[number];

/** Where a template works best (template details: "best for"); keys a client names in its own words. */
export const BEST_FOR = [
  'instagram',
  'instagram_story',
  'facebook',
  'pinterest',
  'youtube',
  'linkedin',
  'blog',
  'newsletter',
  'presentation',
  'print',
] as const;
export type BestFor = (typeof BEST_FOR)[number];

/**
 * How a variation came to be: a built-in template (`fixed`), a design chosen by the configured
 * language model (`llm`), the custom generator, a quick single render, a re-render of edited
 * texts, or an image the user uploaded.
 */
export const VARIATION_TYPES = ['fixed', 'llm', 'custom', 'quick', 'rerender', 'upload'] as const;
export type VariationType = (typeof VARIATION_TYPES)[number];

/** Sizes outside the presets are allowed between these bounds (pixels per side). */
export const MIN_INFOGRAPHIC_SIDE = 256;
export const MAX_INFOGRAPHIC_SIDE = 2400;

/**
 * The spec's message for each job status (§4): `generating` counts the variations done, and
 * `completed` how many were made.
 */
export function infographicJobMessage(status: InfographicJobStatus, done = 0, total = 0): string {
  switch (status) {
    case 'pending':
      return 'Waiting in queue...';
    case 'analyzing':
      return 'Analyzing content...';
    case 'designing':
      return 'Generating design variations...';
    case 'generating':
      return `Generating infographics... (${done}/${total})`;
    case 'completed':
      return `Completed! Generated ${done} variations.`;
    case 'failed':
      return 'Generation failed.';
  }
}

/** Saved infographics come 50 to a page (spec §9). */
export const SAVED_INFOGRAPHICS_PAGE_SIZE = 50;
