import {
  ENHANCE_CONTENT_TYPES,
  type EnhanceContentType,
  zEnhanceContentType,
  zKeywordUse,
} from '@voxpress/contracts';
import { z } from 'zod';

/** The content types the product offers: the contract's list, so the API and the composer agree. */
export const CONTENT_TYPES = ENHANCE_CONTENT_TYPES;
export const zContentType = zEnhanceContentType;
export type ContentType = EnhanceContentType;

/**
 * Where a piece of output comes from: indexes into the transcript's `segments` array (the
 * transcript has no other segment id) and the time, in seconds, the first of them starts. Both are
 * empty/null when the source had no timed segments (a written document).
 */
const grounding = {
  segment_ids: z.array(z.number().int().nonnegative()),
  start: z.number().nullable(),
};

/** One or more sentences taken from the transcript, with what they rest on. */
export const zGroundedText = z.object({ text: z.string(), ...grounding });
export type GroundedText = z.infer<typeof zGroundedText>;

export const zParagraph = z.object({ text: z.string(), ...grounding, end: z.number().nullable() });
export type Paragraph = z.infer<typeof zParagraph>;

/**
 * A titled part of the piece. `kind` says how to show its paragraphs: running text, a bulleted
 * list (ingredients, features) or numbered steps.
 */
export const zSection = z.object({
  heading: z.string(),
  kind: z.enum(['text', 'list', 'steps']),
  paragraphs: z.array(zParagraph),
});
export type Section = z.infer<typeof zSection>;

export const zIngredient = zGroundedText.extend({
  /** As said: `two`, `1/2`, `a pinch of`… null when no amount was given. */
  quantity: z.string().nullable(),
  unit: z.string().nullable(),
  item: z.string(),
});
export type Ingredient = z.infer<typeof zIngredient>;

export const zStep = zGroundedText.extend({ step: z.number().int().positive() });
export type Step = z.infer<typeof zStep>;

export const zActionItem = zGroundedText.extend({
  owner: z.string().nullable(),
  due: z.string().nullable(),
});
export type ActionItem = z.infer<typeof zActionItem>;

/** A value read from one place in the transcript (a price, a time). */
export const zGroundedValue = z.object({ value: z.string(), ...grounding });
export type GroundedValue = z.infer<typeof zGroundedValue>;

/** Recipe fields of the spec; null where the recording does not say (never a made-up default). */
export const zRecipeMetadata = z.object({
  content_type: z.literal('recipe'),
  dish: z.string().nullable(),
  prep_time: zGroundedValue.nullable(),
  cook_time: zGroundedValue.nullable(),
  servings: zGroundedValue.nullable(),
  difficulty: z.string().nullable(),
  cuisine: z.string().nullable(),
  author: z.string().nullable(),
  ingredients: z.array(zIngredient),
  instructions: z.array(zStep),
  nutrition: z.string().nullable(),
});

export const zTutorialMetadata = z.object({
  content_type: z.literal('tutorial'),
  tutorial_steps: z.array(zStep),
  /** Tools or materials mentioned as needed. */
  materials: z.array(zGroundedText),
});

export const zMeetingMetadata = z.object({
  content_type: z.literal('meeting_notes'),
  meeting_data: z.object({
    attendees: z.array(z.string()),
    topics: z.array(z.string()),
    decisions: z.array(zGroundedText),
    action_items: z.array(zActionItem),
  }),
});

export const zProductMetadata = z.object({
  content_type: z.literal('product_description'),
  product_data: z.object({
    name: z.string().nullable(),
    features: z.array(zGroundedText),
    benefits: z.array(zGroundedText),
    price: zGroundedValue.nullable(),
  }),
});

export const zSeoMetadata = z.object({
  content_type: z.literal('seo_optimized'),
  /** At most 160 characters, from the transcript's own words. */
  meta_description: z.string(),
  slug: z.string(),
  headings: z.array(z.string()),
  focus_keyword: z.string().nullable(),
  keyword_use: z.array(zKeywordUse),
});

export const zNewsletterMetadata = z.object({
  content_type: z.literal('newsletter'),
  /** The section headings, for an "In this issue" box. */
  in_this_issue: z.array(z.string()),
});

export const zPlainMetadata = z.object({
  content_type: z.enum(['enhanced', 'story', 'blog_post', 'raw_transcription']),
});

export const zComposedMetadata = z.discriminatedUnion('content_type', [
  zRecipeMetadata,
  zTutorialMetadata,
  zMeetingMetadata,
  zProductMetadata,
  zSeoMetadata,
  zNewsletterMetadata,
  zPlainMetadata,
]);
export type ComposedMetadata = z.infer<typeof zComposedMetadata>;

/** What the built-in composer writes: every sentence in it is the speaker's own. */
export const zComposedContent = z.object({
  content_type: zContentType,
  language: z.string(),
  title: z.string(),
  summary: zParagraph.nullable(),
  sections: z.array(zSection),
  key_points: z.array(zGroundedText),
  quotes: z.array(zGroundedText),
  keywords: z.array(z.string()),
  hashtags: z.array(z.string()),
  metadata: zComposedMetadata,
  /** Words of the rendered text with markup removed, split on whitespace (spec §5). */
  word_count: z.number().int().nonnegative(),
});
export type ComposedContent = z.infer<typeof zComposedContent>;

/** A timed segment, with its voice (id and name shown) once speakers are found. */
export const zSourceSegment = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
  speaker: z.string().nullish(),
  speaker_name: z.string().nullish(),
});

/** What to write from. */
export const zComposeRequest = z.object({
  /** The transcript's timed segments (may be empty for a written document). */
  segments: z.array(zSourceSegment),
  /**
   * The text to write from when it differs from the segments (the user's edit); its words are
   * aligned back to the segments so grounding survives the edit.
   */
  text: z.string().optional(),
  /** BCP-47 code, e.g. `en`, `en-US`, `hi`. */
  language: z.string(),
  /** Omitted: guessed from the text (spec §5). */
  content_type: zContentType.optional(),
  /** The title the user asked for: the piece's title whatever the composer finds. */
  title: z.string().optional(),
  /** The item's own title (what the recording or document is called), used when no title is asked for. */
  source_title: z.string().optional(),
  keywords: z.array(z.string()).optional(),
});
export type ComposeRequest = z.infer<typeof zComposeRequest>;
