import type { ContentTypeTemplate } from './content-type-template.ts';

export const storyPrompt: ContentTypeTemplate = {
  type: 'story',
  version: 1,
  label: 'Story',
  instructions: `Retell what the speaker said as a narrative: a beginning that sets the scene, a middle that follows
events in order, and an ending. Keep the people, places and events exactly as told; use the speaker's own
vivid phrases where they fit. Never invent events, names or dialogue.`,
  sections: [],
  details: null,
};
