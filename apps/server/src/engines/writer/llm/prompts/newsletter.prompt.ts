import type { ContentTypeTemplate } from './content-type-template.ts';

export const newsletterPrompt: ContentTypeTemplate = {
  type: 'newsletter',
  version: 1,
  label: 'Newsletter',
  instructions: `Write a newsletter issue in the speaker's voice, addressed to subscribers: a warm opening line,
two to four short items each under its own heading, and a sign-off. Personal and direct; only the speaker's news.`,
  sections: ['Opening', 'Items (your own headings)', 'Sign-off'],
  details: null,
};
