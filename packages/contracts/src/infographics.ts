import { z } from 'zod';
import { BRAND_FONTS, BRAND_LOGO_MAX_BYTES } from './brand-rules.ts';
import {
  AUDIENCES,
  BEST_FOR,
  CUISINE_TYPES,
  CULTURAL_CONTEXTS,
  EMPHASES,
  INFOGRAPHIC_CONTENT_TYPES,
  INFOGRAPHIC_JOB_STATUSES,
  LAYOUT_STYLE_KEYS,
  MAX_INFOGRAPHIC_SIDE,
  MIN_INFOGRAPHIC_SIDE,
  VARIATION_TYPES,
} from './infographic-catalog.ts';
import { parseInfographicSize } from './infographic-size.ts';
import { zText } from './text.ts';

// Infographics (spec §3 and §7): what the `/api/v1/infographics/...` routes accept and answer.

export const zLayoutStyleKey = z
  .enum(
    LAYOUT_STYLE_KEYS,
    `Choose one of ${LAYOUT_STYLE_KEYS.slice(0, -1).join(', ')} or ${LAYOUT_STYLE_KEYS.at(-1)}`,
  )
  .meta({ id: 'LayoutStyleKey' });
export const zInfographicContentType = z
  .enum(
    INFOGRAPHIC_CONTENT_TYPES,
    'Choose one of recipe, tutorial, meeting_notes, product_description or enhanced',
  )
  .meta({ id: 'InfographicContentType' });
export const zAudience = z.enum(AUDIENCES, `Choose one of ${AUDIENCES.join(', ')}`).meta({ id: 'Audience' });
export const zCulturalContext = z
  .enum(CULTURAL_CONTEXTS, `Choose one of ${CULTURAL_CONTEXTS.join(', ')}`)
  .meta({ id: 'CulturalContext' });
export const zCuisineType = z
  .enum(CUISINE_TYPES, 'Not a cuisine type: GET /infographics/cuisine-types lists them')
  .meta({ id: 'CuisineType' });
export const zEmphasis = z.enum(EMPHASES).meta({ id: 'Emphasis' });
export const zBestFor = z.enum(BEST_FOR).meta({ id: 'BestFor' });
export const zVariationType = z.enum(VARIATION_TYPES).meta({ id: 'VariationType' });
export const zInfographicJobStatus = z.enum(INFOGRAPHIC_JOB_STATUSES).meta({ id: 'InfographicJobStatus' });

const SIZE_MESSAGE = `Sizes are written WIDTHxHEIGHT, each side from ${MIN_INFOGRAPHIC_SIDE} to ${MAX_INFOGRAPHIC_SIDE} pixels, such as 1080x1080`;

/** A pixel size as `WxH`: a preset (`GET /infographics/react/sizes`) or any size within bounds. */
export const zInfographicSize = z
  .string()
  .trim()
  .regex(/^\d{1,5}x\d{1,5}$/, SIZE_MESSAGE)
  .refine((value) => {
    const { width, height } = parseInfographicSize(value);
    return [width, height].every((side) => side >= MIN_INFOGRAPHIC_SIDE && side <= MAX_INFOGRAPHIC_SIDE);
  }, SIZE_MESSAGE)
  .meta({ id: 'InfographicSize' });

const zLanguage = z
  .string()
  .trim()
  .max(35, 'Must be a language code such as en or hi')
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*$/, 'Must be a language code such as en or hi');

const line = (max: number) => zText({ max, trim: true });

/**
 * The longest text of each part of an infographic's data (UTF-16 code units, as `length` counts)
 * and how many items a list holds: the server cuts what it draws from a piece to these.
 */
export const INFOGRAPHIC_DATA_LIMITS = {
  title: 300,
  subtitle: 400,
  point: 600,
  points: 12,
  step: 600,
  steps: 20,
  ingredient: 200,
  ingredients: 40,
  factLabel: 40,
  factValue: 60,
  facts: 8,
  quote: 600,
  actionItem: 400,
  owner: 80,
  actionItems: 12,
  tag: 60,
  tags: 12,
  footer: 200,
  speaker: 80,
  comparisonLabel: 60,
  comparisonRows: 8,
} as const;
const L = INFOGRAPHIC_DATA_LIMITS;

/** A text with, when it comes from a recording, the second it was said. */
export const zSourcedText = z
  .object({
    text: line(L.point),
    start: z.number().nonnegative().nullable().default(null),
  })
  .meta({ id: 'SourcedText' });

/** One side of a comparison: its name as the content gives it and its items. */
const zComparisonSide = z.object({
  label: line(L.comparisonLabel),
  items: z.array(line(L.point)).min(1).max(L.comparisonRows),
});

/**
 * What an infographic shows, in one language: every text is final (the renderer fits it, never
 * rewrites it). Variations carry theirs in `data`; edit them and `POST /react/rerender`.
 */
export const zInfographicData = z
  .object({
    language: zLanguage,
    title: line(L.title),
    subtitle: line(L.subtitle).optional(),
    points: z.array(zSourcedText).max(L.points).default([]),
    steps: z.array(line(L.step)).max(L.steps).optional(),
    ingredients: z.array(line(L.ingredient)).max(L.ingredients).optional(),
    facts: z
      .array(z.object({ label: line(L.factLabel), value: line(L.factValue) }))
      .max(L.facts)
      .optional(),
    /** Two options compared: item `i` of each side is one row, drawn level. */
    comparison: z
      .object({
        left: zComparisonSide,
        right: zComparisonSide,
        /** `pros`: the left side is for and the right against (drawn with a tick and a cross). */
        tone: z.enum(['pros', 'neutral']).default('neutral'),
      })
      .optional(),
    /** The quote, with its time and, when the transcript's voices are named, who said it. */
    quote: zSourcedText.extend({ speaker: line(L.speaker).optional() }).optional(),
    actionItems: z
      .array(z.object({ text: line(L.actionItem), owner: line(L.owner).optional() }))
      .max(L.actionItems)
      .optional(),
    tags: z.array(line(L.tag)).max(L.tags).optional(),
    footer: line(L.footer).optional(),
  })
  .meta({ id: 'InfographicData' });
export type InfographicDataInput = z.input<typeof zInfographicData>;
export type InfographicDataOutput = z.output<typeof zInfographicData>;

const zListItem = z.union([
  line(2000),
  z.looseObject({
    text: line(2000).optional(),
    item: line(300).optional(),
    step: z.union([line(2000), z.number()]).optional(),
    title: line(300).optional(),
    task: line(2000).optional(),
    quantity: z.union([line(60), z.number()]).nullish(),
    unit: line(60).nullish(),
    owner: line(80).nullish(),
    start: z.number().nullish(),
  }),
]);
const zListOf = (max: number) => z.array(zListItem).max(max);
const zValue = z.union([line(200), z.number(), z.looseObject({ value: z.union([line(200), z.number()]) })]);

/**
 * The spec's free-form `content_data`: a text, or an object with whatever the client prepared
 * (title, text, key points, recipe fields, tutorial steps, meeting and product data…). Known
 * fields are read; others are ignored.
 */
export const zContentData = z
  .union([
    zText({ max: 200_000, multiline: true }),
    z.looseObject({
      title: line(300).optional(),
      subtitle: line(400).optional(),
      description: zText({ max: 2000, multiline: true }).optional(),
      text: zText({ max: 200_000, multiline: true }).optional(),
      content: zText({ max: 200_000, multiline: true }).optional(),
      summary: zText({ max: 4000, multiline: true }).optional(),
      language: zLanguage.optional(),
      key_points: zListOf(30).optional(),
      points: zListOf(30).optional(),
      highlights: zListOf(30).optional(),
      quotes: zListOf(10).optional(),
      quote: z.union([line(600), zSourcedText]).optional(),
      steps: zListOf(40).optional(),
      instructions: zListOf(40).optional(),
      tutorial_steps: zListOf(40).optional(),
      ingredients: zListOf(60).optional(),
      prep_time: zValue.nullish(),
      cook_time: zValue.nullish(),
      servings: zValue.nullish(),
      difficulty: zValue.nullish(),
      cuisine: zValue.nullish(),
      author: line(120).nullish(),
      nutrition: z
        .union([line(400), z.record(z.string().max(60), z.union([line(60), z.number()]))])
        .nullish(),
      meeting_data: z
        .looseObject({
          attendees: z.array(line(120)).max(50).optional(),
          action_items: zListOf(30).optional(),
          decisions: zListOf(30).optional(),
          agenda: z.array(line(300)).max(30).optional(),
        })
        .optional(),
      product_data: z
        .looseObject({
          name: line(200).nullish(),
          features: zListOf(30).optional(),
          benefits: zListOf(30).optional(),
          price: zValue.nullish(),
        })
        .optional(),
      keywords: z.array(line(60)).max(30).optional(),
      hashtags: z.array(line(60)).max(30).optional(),
    }),
  ])
  .meta({ id: 'ContentData' });
export type ContentData = z.infer<typeof zContentData>;

/** Where the content of an infographic comes from: a stored piece, or the client's `content_data`. */
const source = {
  /** A piece of content (`GET /content/{id}`); its texts are drawn in `language`. */
  content_id: z.uuid('Content not found').optional(),
  /** The language to draw in: one of the piece's languages. Default: the piece's first language. */
  language: zLanguage.optional(),
  content_data: zContentData.optional(),
};

const design = {
  /** Default: suggested from the content (spec §5 keyword rules, or the language model). */
  target_audience: zAudience.optional(),
  cultural_context: zCulturalContext.optional(),
  content_type: zInfographicContentType.optional(),
  /** Draw with the user's brand kit (colours, heading font, footer, logo) over the style's own. */
  use_brand: z.boolean().optional(),
  /**
   * Draw a small QR code to the item's share page (the newest link neither revoked nor expired)
   * in a bottom corner, captioned with its host. Default: `use_brand`. Never drawn when the item
   * has no such link or the server has no public address (PUBLIC_URL).
   */
  share_qr: z.boolean().optional(),
};

/** `POST /infographics/react/generate` and `queue/submit` (spec §3 generate payload). */
export const zInfographicGenerateRequest = z
  .object({
    ...source,
    ...design,
    size: zInfographicSize.optional(),
    /** Several sizes at once (the content viewer's size checkboxes); each gets every variation. */
    sizes: z.array(zInfographicSize).max(9, 'Choose at most 9 sizes').optional(),
    /** Default: the configured total (INFOGRAPHIC_DEFAULT_VARIATIONS). */
    variation_count: z.number().int().min(1).max(15).optional(),
    fixed_template_count: z.number().int().min(0).max(15).optional(),
    llm_template_count: z.number().int().min(0).max(15).optional(),
    /** Adds each variation's plan and timings to the answer. */
    enable_debugging: z.boolean().optional(),
    /** Logs each render's time on the server. Default: INFOGRAPHIC_PERFORMANCE_LOGGING. */
    enable_performance_logging: z.boolean().optional(),
  })
  .meta({ id: 'InfographicGenerateRequest' });
export type InfographicGenerateRequest = z.input<typeof zInfographicGenerateRequest>;

/** `POST /infographics/queue/submit`: a generate payload run as a durable job. */
export const zInfographicJobSubmit = zInfographicGenerateRequest.extend({
  /** 1 (whenever) to 10 (first); the job modal sends 5. */
  priority: z.number().int().min(1).max(10).default(5),
});
export type InfographicJobSubmit = z.input<typeof zInfographicJobSubmit>;

/** `POST /infographics/react/generate-custom` (spec §3 custom infographic request). */
export const zCustomInfographicRequest = z.object({
  ...source,
  ...design,
  size: zInfographicSize.optional(),
});
export type CustomInfographicRequest = z.input<typeof zCustomInfographicRequest>;

/**
 * `POST /infographics/quick-generate`: one image, e.g. a 1080x1080 version of a variation made at
 * another size (`image_id`), or one from content with a given template.
 */
export const zQuickGenerateRequest = z.object({
  ...source,
  ...design,
  /** A variation to make again at `size`, with its texts and template. */
  image_id: z.uuid('Infographic not found').optional(),
  size: zInfographicSize.optional(),
  /** A built-in template id (`modern-recipe`) or one of the user's templates. Default: modern. */
  template_id: line(100).optional(),
  style: zLayoutStyleKey.optional(),
});
export type QuickGenerateRequest = z.input<typeof zQuickGenerateRequest>;

/** `POST /infographics/react/rerender`: a variation drawn again with the texts the user edited. */
export const zRerenderRequest = z.object({
  image_id: z.uuid('Infographic not found'),
  data: zInfographicData,
  size: zInfographicSize.optional(),
  style: zLayoutStyleKey.optional(),
});
export type RerenderRequest = z.input<typeof zRerenderRequest>;

export const zTemplateInfo = z
  .object({
    /** The layout style's key. */
    style: zLayoutStyleKey,
    emphasis: zEmphasis,
    best_for: z.array(zBestFor),
  })
  .meta({ id: 'TemplateInfo' });
export type TemplateInfo = z.infer<typeof zTemplateInfo>;

/** One variation (spec §3): an image, how it was made and the texts it shows. */
export const zInfographicVariation = z
  .object({
    /** The image's id: save it, put it in a collection, re-render it. */
    id: z.string(),
    name: z.string(),
    variation_name: z.string(),
    variation_index: z.number().int(),
    variation_type: zVariationType,
    template_id: z.string(),
    /** A signed link to the image on this server, good until `url_expires_at`. */
    infographic_url: z.string().nullable(),
    url_expires_at: z.string().nullable(),
    /** The image inline (`data:image/png;base64,…`), where asked for (custom generation). */
    data_url: z.string().nullable().optional(),
    size: z.string(),
    size_label: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    style: zLayoutStyleKey,
    content_type: zInfographicContentType,
    target_audience: zAudience,
    cultural_context: zCulturalContext,
    language: z.string(),
    template_info: zTemplateInfo,
    success: z.boolean(),
    /** Why this variation failed, when `success` is false. */
    error: z.string().nullable(),
    generation_time_ms: z.number().int().nonnegative(),
    generated_at: z.string(),
    content_id: z.string().nullable(),
    /** The texts drawn (null for an uploaded image): edit them and re-render. */
    data: zInfographicData.nullable(),
    /** With `enable_debugging`: the plan and timings behind this variation. */
    debug: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'InfographicVariation' });
export type InfographicVariation = z.infer<typeof zInfographicVariation>;

/** Spec §3 generation result. */
export const zGenerationResult = z.object({
  success: z.boolean(),
  variations: z.array(zInfographicVariation),
  total_generated: z.number().int(),
  total_failed: z.number().int(),
  error: z.string().nullable(),
  /** Groups the variations of one generation. */
  set_id: z.string(),
  /** What was chosen where the request left it open. */
  content_type: zInfographicContentType,
  target_audience: zAudience,
  cultural_context: zCulturalContext,
  /** Things the user may want to know (a kind of template that could not be used, and why). */
  notices: z.array(z.string()),
  /** Wall time of the whole generation. */
  generation_time_ms: z.number().int(),
});
export type GenerationResult = z.infer<typeof zGenerationResult>;

/** `react/generate-batch`: one result per size. */
export const zBatchGenerationResult = z.object({
  success: z.boolean(),
  results: z.array(zGenerationResult.extend({ size: z.string() })),
  total_generated: z.number().int(),
  total_failed: z.number().int(),
  error: z.string().nullable(),
});
export type BatchGenerationResult = z.infer<typeof zBatchGenerationResult>;

/** `generate-custom` (spec: success, infographic_url, data_url, error) and `quick-generate`. */
export const zSingleGenerationResult = z.object({
  success: z.boolean(),
  infographic_url: z.string().nullable(),
  data_url: z.string().nullable(),
  error: z.string().nullable(),
  variation: zInfographicVariation.nullable(),
});
export type SingleGenerationResult = z.infer<typeof zSingleGenerationResult>;

/** Spec §3 infographic job. */
export const zInfographicJob = z
  .object({
    job_id: z.string(),
    status: zInfographicJobStatus,
    /** Percent, 0–100. */
    progress: z.number(),
    /** The spec's message for the status (§4), e.g. `Generating infographics... (3/10)`. */
    current_step: z.string(),
    completed_variations: z.number().int(),
    total_variations: z.number().int(),
    /** The variations made so far, in order. */
    results: z.array(zInfographicVariation),
    error_message: z.string().nullable(),
    content_id: z.string().nullable(),
    priority: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'InfographicJob' });
export type InfographicJob = z.infer<typeof zInfographicJob>;

/** `queue/submit` answer: the job id, and signed links to follow it without an access token. */
export const zInfographicJobSubmitted = z.object({
  job_id: z.string(),
  status: zInfographicJobStatus,
  current_step: z.string(),
  total_variations: z.number().int(),
  /** `GET` this (EventSource) to follow the job; good for 15 minutes. */
  stream_url: z.string(),
  status_url: z.string(),
});
export type InfographicJobSubmitted = z.infer<typeof zInfographicJobSubmitted>;

/** Messages on `queue/status/{id}/stream`: the job without its results (read those at the end). */
export const zInfographicJobEvent = zInfographicJob.omit({ results: true });
export type InfographicJobEvent = z.infer<typeof zInfographicJobEvent>;

export const zInfographicJobListQuery = z.object({
  status: zInfographicJobStatus.optional(),
  content_id: z.uuid('Content not found').optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
export const zInfographicJobList = z.object({
  items: z.array(zInfographicJob),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type InfographicJobList = z.infer<typeof zInfographicJobList>;

const HEX = /^#[0-9a-fA-F]{6}$/;
const zHex = z.string().regex(HEX, 'Colours are written #RRGGBB');

/** A template's four colours; missing ones come from its layout style. */
export const zColorScheme = z
  .object({
    primary: zHex.optional(),
    secondary: zHex.optional(),
    accent: zHex.optional(),
    background: zHex.optional(),
  })
  .meta({ id: 'ColorScheme' });
export type ColorScheme = z.infer<typeof zColorScheme>;

/** The parts of an infographic a `hide` layer can leave out. */
export const HIDEABLE_PARTS = [
  'subtitle',
  'points',
  'steps',
  'ingredients',
  'facts',
  'quote',
  'action_items',
  'tags',
] as const;

/**
 * What a user template adds to its layout style: a footer line (a brand or handle), fixed tags,
 * or a part to leave out.
 */
export const zCustomLayer = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('footer'), text: line(200) }),
    z.object({ type: z.literal('tags'), tags: z.array(line(60)).min(1).max(12) }),
    z.object({ type: z.literal('hide'), part: z.enum(HIDEABLE_PARTS) }),
  ])
  .meta({ id: 'CustomLayer' });
export type CustomLayer = z.infer<typeof zCustomLayer>;

const templateName = zText({
  trim: true,
  max: 120,
  min: { length: 1, message: 'Give the template a name.' },
});

/** `POST /infographics/create-template` (spec §3 template creation). */
export const zTemplateCreateRequest = z.object({
  template_name: templateName,
  content_type: zInfographicContentType.default('enhanced'),
  layout_style: zLayoutStyleKey.default('modern'),
  color_scheme: zColorScheme.default({}),
  custom_layers: z.array(zCustomLayer).max(20).default([]),
});
export type TemplateCreateRequest = z.input<typeof zTemplateCreateRequest>;

/** `POST /infographics/duplicate-template` (spec §3 duplication). */
export const zTemplateDuplicateRequest = z.object({
  /** A built-in template id or one of the user's own. */
  template_id: line(100),
  new_name: templateName,
  modifications: z
    .object({
      content_type: zInfographicContentType.optional(),
      layout_style: zLayoutStyleKey.optional(),
      color_scheme: zColorScheme.optional(),
      custom_layers: z.array(zCustomLayer).max(20).optional(),
    })
    .default({}),
});
export type TemplateDuplicateRequest = z.input<typeof zTemplateDuplicateRequest>;

export const zLayoutStyle = z
  .object({
    key: zLayoutStyleKey,
    name: z.string(),
    description: z.string(),
    colors: z.object({
      primary: z.string(),
      secondary: z.string(),
      accent: z.string(),
      background: z.string(),
    }),
    icon: z.string(),
  })
  .meta({ id: 'LayoutStyle' });

/** A template: a built-in (layout style × content type) or one a user made. */
export const zInfographicTemplate = z
  .object({
    /** Built-in: `<style>-<content type>` such as `modern-recipe`; a user's: a UUID. */
    id: z.string(),
    name: z.string(),
    description: z.string(),
    source: z.enum(['built_in', 'user']),
    content_type: zInfographicContentType,
    layout_style: zLayoutStyleKey,
    style: zLayoutStyle,
    /** The colours drawn: the style's, with the template's own over them. */
    colors: zLayoutStyle.shape.colors,
    color_scheme: zColorScheme,
    custom_layers: z.array(zCustomLayer),
    /** The emphases its variations use, in order. */
    emphases: z.array(zEmphasis),
    template_info: zTemplateInfo,
    based_on: z.string().nullable(),
    created_at: z.string().nullable(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: 'InfographicTemplate' });
export type InfographicTemplate = z.infer<typeof zInfographicTemplate>;

export const zTemplateList = z.object({ items: z.array(zInfographicTemplate), total: z.number().int() });
export type TemplateList = z.infer<typeof zTemplateList>;

/** `GET /infographics/debug/template/{id}`: the template, the renderer, and a sample drawn now. */
export const zTemplateDebug = z.object({
  template: zInfographicTemplate,
  renderer: z.object({ id: z.string(), name: z.string(), state: z.string(), reason: z.string() }),
  sample: z.object({
    data: zInfographicData,
    size: z.string(),
    render_ms: z.number().nullable(),
    png_bytes: z.number().int().nullable(),
    data_url: z.string().nullable(),
    error: z.string().nullable(),
  }),
});
export type TemplateDebug = z.infer<typeof zTemplateDebug>;

/** `POST /infographics/template-suggestions`. */
export const zTemplateSuggestionRequest = z.object({
  ...source,
  title: line(300).optional(),
  text: zText({ max: 200_000, multiline: true }).optional(),
});
export type TemplateSuggestionRequest = z.input<typeof zTemplateSuggestionRequest>;

export const zTemplateSuggestion = z
  .object({
    content_type: zInfographicContentType,
    target_audience: zAudience,
    cultural_context: zCulturalContext,
    /** The template to start with, then the rest in order of fit. */
    template_id: z.string(),
    templates: z.array(zInfographicTemplate),
    /** `llm`: the configured language model chose; `keywords`: the spec's keyword rules did. */
    source: z.enum(['llm', 'keywords']),
    /** The words that decided each choice (keyword rules), or the model's reason. */
    matched: z.object({
      content_type: z.array(z.string()),
      target_audience: z.array(z.string()),
      cultural_context: z.array(z.string()),
    }),
    reason: z.string().nullable(),
    /**
     * The address a QR code to the item's share page would carry (`share_qr`): its newest link in
     * force; null when it has none or the server has no public address.
     */
    share_url: z.string().nullable().optional(),
  })
  .meta({ id: 'TemplateSuggestion' });
export type TemplateSuggestion = z.infer<typeof zTemplateSuggestion>;

/** A variation in a collection request: the generated variation itself, or just its id. */
const zVariationRef = z.looseObject({
  id: z.string().max(100).optional(),
  image_id: z.string().max(100).optional(),
  infographic_url: z.string().max(4000).nullish(),
});

/** `POST /infographics/collections/create` (spec §3 template collection). */
export const zTemplateCollectionRequest = z.object({
  collection_name: zText({ trim: true, max: 120 }).default(''),
  /** The favourites, in order. */
  variations: z.array(zVariationRef).max(30).default([]),
  content_type: zInfographicContentType.default('recipe'),
  target_audience: zAudience.default('general'),
  cultural_context: zCulturalContext.default('international'),
  content_id: z.uuid('Content not found').optional(),
});
export type TemplateCollectionRequest = z.input<typeof zTemplateCollectionRequest>;

export const zTemplateCollection = z
  .object({
    id: z.string(),
    collection_name: z.string(),
    content_type: zInfographicContentType,
    target_audience: zAudience,
    cultural_context: zCulturalContext,
    cuisine_type: zCuisineType.nullable(),
    content_id: z.string().nullable(),
    variations: z.array(zInfographicVariation),
    created_at: z.string(),
  })
  .meta({ id: 'TemplateCollection' });
export type TemplateCollection = z.infer<typeof zTemplateCollection>;

export const zTemplateCollectionList = z.object({
  items: z.array(zTemplateCollection),
  total: z.number().int(),
});
export type TemplateCollectionList = z.infer<typeof zTemplateCollectionList>;

/** `POST /infographics/save` (spec §3 save payload). */
export const zInfographicSaveRequest = z.object({
  /** A link this server gave (a variation's `infographic_url`). */
  infographic_url: z.string().max(4000).nullish(),
  /** Or the image itself: `data:image/png;base64,…` (PNG, JPEG or WebP, at most 1.5 MB). */
  data_url: z.string().max(2_100_000, 'The image is too large to save: at most 1.5 MB').nullish(),
  /** Or the variation's id. */
  image_id: z.uuid('Infographic not found').optional(),
  content_type: zInfographicContentType.optional(),
  template_id: line(100).nullish(),
  size: zInfographicSize.optional(),
  generated_at: z.iso.datetime({ offset: true }).optional(),
  transcription_id: z.uuid('No transcription available').nullish(),
  content_id: z.uuid('Content not found').nullish(),
  metadata: z
    .object({
      title: line(300).nullish(),
      description: zText({ trim: true, max: 2000, multiline: true }).nullish(),
      style: zLayoutStyleKey.nullish(),
      audience: zAudience.nullish(),
      cultural_context: zCulturalContext.nullish(),
    })
    .default({}),
});
export type InfographicSaveRequest = z.input<typeof zInfographicSaveRequest>;

export const zSavedInfographic = z
  .object({
    id: z.string(),
    image_id: z.string(),
    infographic_url: z.string(),
    url_expires_at: z.string(),
    content_type: zInfographicContentType,
    template_id: z.string().nullable(),
    size: z.string(),
    size_label: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    generated_at: z.string(),
    generation_time_ms: z.number().int(),
    transcription_id: z.string().nullable(),
    content_id: z.string().nullable(),
    metadata: z.object({
      title: z.string().nullable(),
      description: z.string().nullable(),
      style: zLayoutStyleKey.nullable(),
      audience: zAudience.nullable(),
      cultural_context: zCulturalContext.nullable(),
    }),
    created_at: z.string(),
  })
  .meta({ id: 'SavedInfographic' });
export type SavedInfographic = z.infer<typeof zSavedInfographic>;

/** `GET /infographics/saved`: 50 to a page (spec §9). */
export const zSavedListQuery = z.object({
  transcription_id: z.uuid('No transcription available').optional(),
  content_id: z.uuid('Content not found').optional(),
  content_type: zInfographicContentType.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const zSavedList = z.object({
  items: z.array(zSavedInfographic),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
export type SavedList = z.infer<typeof zSavedList>;

/** `react/sizes`. */
export const zSizeList = z.object({
  items: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      platform: z.string(),
      width: z.number().int(),
      height: z.number().int(),
      /** One of the spec's six presets (others are the extra sizes some dialogs use). */
      preset: z.boolean(),
    }),
  ),
  default: z.string(),
});
export type SizeList = z.infer<typeof zSizeList>;

/** `react/content-types`, `custom/audiences`, `custom/cultural-contexts`, `cuisine-types`. */
export const zChoiceList = z
  .object({
    items: z.array(z.object({ value: z.string(), label: z.string(), description: z.string() })),
    default: z.string(),
  })
  .meta({ id: 'ChoiceList' });
export type ChoiceList = z.infer<typeof zChoiceList>;

/** `POST /infographics/direct-upload` form fields besides the file. */
export const zDirectUploadFields = z.object({
  template_id: line(100).optional(),
  size: zInfographicSize.optional(),
  content_id: z.uuid('Content not found').optional(),
  title: line(300).optional(),
});
export type DirectUploadFields = z.infer<typeof zDirectUploadFields>;

const zHexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is written like #1d4ed8.');

/** `GET /api/v1/users/me/brand`: the kit as saved, or the defaults with `saved: false`. */
export const zBrandKit = z
  .object({
    saved: z.boolean(),
    primary_color: zHexColor,
    secondary_color: zHexColor,
    heading_font: z.enum(BRAND_FONTS),
    footer: z.string().nullable(),
    /** The logo as a PNG data URL (rasterised on upload), null without one. */
    logo: z.string().nullable(),
    logo_width: z.number().int().nullable(),
    logo_height: z.number().int().nullable(),
    /** Each colour's contrast ratio against white, 1–21. */
    contrast: z.object({ primary: z.number(), secondary: z.number() }),
  })
  .meta({ id: 'BrandKit' });
export type BrandKit = z.infer<typeof zBrandKit>;

/** `PUT /api/v1/users/me/brand`: the whole kit; `logo` left out keeps the current one, null removes it. */
export const zBrandKitUpdate = z.object({
  primary_color: zHexColor,
  secondary_color: zHexColor,
  heading_font: z.enum(BRAND_FONTS),
  footer: zText({ max: 120, trim: true }).nullable().optional(),
  /** A PNG, JPEG or SVG file as a base64 data URL (at most 1 MB of file). */
  logo: z
    .string()
    .max(Math.ceil((BRAND_LOGO_MAX_BYTES * 4) / 3) + 100, 'The logo must be smaller than 1 MB.')
    .regex(
      /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/,
      'Send the logo as a PNG, JPEG or SVG data URL.',
    )
    .nullable()
    .optional(),
});
export type BrandKitUpdate = z.input<typeof zBrandKitUpdate>;
