import { z } from 'zod';

const grounding = {
  /** Indexes into the source's segments this rests on. */
  segment_ids: z.array(z.number().int().nonnegative()),
  /** When the first of them starts, in seconds; null for a written document. */
  start: z.number().nullable(),
};
const zGrounded = z.object({ text: z.string(), ...grounding });

/** How a keyword of an SEO piece is used in it. */
export const zKeywordUse = z
  .object({
    keyword: z.string(),
    count: z.number().int().nonnegative(),
    /** Occurrences per 100 words of the body. */
    density: z.number(),
    in_title: z.boolean(),
    in_first_paragraph: z.boolean(),
    in_headings: z.boolean(),
  })
  .meta({ id: 'KeywordUse' });

/**
 * What a piece holds beyond its text, by content type, whichever engine wrote it: a recipe's
 * ingredients and steps, a tutorial's steps, a meeting's attendees and action items, a product's
 * features and price, an SEO article's meta description and slug, a newsletter's contents. A value
 * the source does not give is null or empty, never a made-up default.
 */
export const zContentDetails = z
  .discriminatedUnion('content_type', [
    z.object({
      content_type: z.literal('recipe'),
      dish: z.string().nullable(),
      prep_time: z.string().nullable(),
      cook_time: z.string().nullable(),
      servings: z.string().nullable(),
      difficulty: z.string().nullable(),
      cuisine: z.string().nullable(),
      ingredients: z.array(
        zGrounded.extend({ quantity: z.string().nullable(), unit: z.string().nullable(), item: z.string() }),
      ),
      instructions: z.array(zGrounded.extend({ step: z.number().int().positive() })),
      nutrition: z.string().nullable(),
    }),
    z.object({
      content_type: z.literal('tutorial'),
      tutorial_steps: z.array(
        zGrounded.extend({ step: z.number().int().positive(), title: z.string().nullable() }),
      ),
      materials: z.array(zGrounded),
    }),
    z.object({
      content_type: z.literal('meeting_notes'),
      meeting_data: z.object({
        attendees: z.array(z.string()),
        topics: z.array(z.string()),
        decisions: z.array(zGrounded),
        action_items: z.array(zGrounded.extend({ owner: z.string().nullable(), due: z.string().nullable() })),
      }),
    }),
    z.object({
      content_type: z.literal('product_description'),
      product_data: z.object({
        name: z.string().nullable(),
        features: z.array(zGrounded),
        benefits: z.array(zGrounded),
        price: z.string().nullable(),
      }),
    }),
    z.object({
      content_type: z.literal('seo_optimized'),
      /** At most 160 characters. */
      meta_description: z.string(),
      slug: z.string(),
      headings: z.array(z.string()),
      focus_keyword: z.string().nullable(),
      keyword_use: z.array(zKeywordUse),
    }),
    z.object({ content_type: z.literal('newsletter'), in_this_issue: z.array(z.string()) }),
  ])
  .meta({ id: 'ContentDetails' });
export type ContentDetails = z.infer<typeof zContentDetails>;
export type RecipeDetails = Extract<ContentDetails, { content_type: 'recipe' }>;
export type TutorialDetails = Extract<ContentDetails, { content_type: 'tutorial' }>;
export type MeetingDetails = Extract<ContentDetails, { content_type: 'meeting_notes' }>;
export type ProductDetails = Extract<ContentDetails, { content_type: 'product_description' }>;
export type SeoDetails = Extract<ContentDetails, { content_type: 'seo_optimized' }>;
