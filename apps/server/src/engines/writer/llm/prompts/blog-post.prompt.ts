import type { ContentTypeTemplate } from './content-type-template.ts';

export const blogPostPrompt: ContentTypeTemplate = {
  type: 'blog_post',
  version: 1,
  label: 'Blog post',
  instructions: `Write a blog post from the recording: a hook in the first paragraph, short sections under
descriptive headings, and a closing paragraph with the main takeaway. Conversational but edited. Use bullet
lists where the speaker lists things. Only what the speaker said.`,
  sections: ['Introduction', 'Main sections (your own headings)', 'Takeaway'],
  details: null,
};
