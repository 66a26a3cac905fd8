import type { ContentTypeTemplate } from './content-type-template.ts';

export const seoOptimizedPrompt: ContentTypeTemplate = {
  type: 'seo_optimized',
  version: 1,
  label: 'SEO article',
  instructions: `Write a search-friendly article: a title under 60 characters with the main keyword, an opening
paragraph that answers the reader's question, headings phrased as the questions people search for, short
paragraphs, and a summary. Use the keywords naturally (never stuffed). Only claims the speaker made.`,
  sections: ['Summary answer', 'Question headings', 'Key takeaways'],
  details: null,
};
