import type { WriterContentSupport } from '@voxpress/contracts';
import type { ContentType } from './composed-content.schema.ts';

/**
 * What the built-in composer makes of each content type, in one place. It arranges the speaker's
 * own sentences and never rewrites them, so it offers only the types that arranging serves:
 * - `arranged`: a clean transcript (enhanced), a blog post (a lead, sections named after their
 *   words, key points), a verbatim transcript, a recipe (each dish with its ingredients and
 *   method), a tutorial (materials and steps), meeting notes (attendees named, decisions, actions).
 * - `needs_language_model`: a story, a search-optimised article, a newsletter and a product
 *   description must be written, not arranged; without a language model they are refused, not
 *   faked with the same sentences as a blog post.
 */
export const COMPOSER_CONTENT_TYPES: Readonly<Record<ContentType, Exclude<WriterContentSupport, 'written'>>> =
  {
    enhanced: 'arranged',
    story: 'needs_language_model',
    blog_post: 'arranged',
    seo_optimized: 'needs_language_model',
    raw_transcription: 'arranged',
    recipe: 'arranged',
    tutorial: 'arranged',
    meeting_notes: 'arranged',
    product_description: 'needs_language_model',
    newsletter: 'needs_language_model',
  };

/** Whether the composer makes this content type (false: it needs a language model). */
export function composerArranges(type: string): boolean {
  return COMPOSER_CONTENT_TYPES[type as ContentType] === 'arranged';
}

/** The content types the composer leaves to a language model, in the contract's order. */
export function typesNeedingLanguageModel(): ContentType[] {
  return (Object.keys(COMPOSER_CONTENT_TYPES) as ContentType[]).filter((t) => !composerArranges(t));
}
