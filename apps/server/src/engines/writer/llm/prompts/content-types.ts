import { blogPostPrompt } from './blog-post.prompt.ts';
import type { ContentTypeTemplate } from './content-type-template.ts';
import { enhancedPrompt } from './enhanced.prompt.ts';
import { meetingNotesPrompt } from './meeting-notes.prompt.ts';
import { newsletterPrompt } from './newsletter.prompt.ts';
import { productDescriptionPrompt } from './product-description.prompt.ts';
import { rawTranscriptionPrompt } from './raw-transcription.prompt.ts';
import { recipePrompt } from './recipe.prompt.ts';
import { seoOptimizedPrompt } from './seo-optimized.prompt.ts';
import { storyPrompt } from './story.prompt.ts';
import { tutorialPrompt } from './tutorial.prompt.ts';

/** The built-in content types, one prompt template file each. */
export const CONTENT_TYPES = [
  enhancedPrompt,
  storyPrompt,
  blogPostPrompt,
  seoOptimizedPrompt,
  rawTranscriptionPrompt,
  recipePrompt,
  tutorialPrompt,
  meetingNotesPrompt,
  productDescriptionPrompt,
  newsletterPrompt,
] as const satisfies readonly ContentTypeTemplate[];

/** The template of a built-in type, or undefined for an unknown name. */
export function contentTypeTemplate(type: string): ContentTypeTemplate | undefined {
  return CONTENT_TYPES.find((t) => t.type === type);
}

export {
  type ContentTypeTemplate,
  type CustomContentType,
  customContentType,
} from './content-type-template.ts';
