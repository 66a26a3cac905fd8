import type { ContentTypeTemplate } from './content-type-template.ts';

/** The default: the speaker's own ideas, cleaned up into polished prose. */
export const enhancedPrompt: ContentTypeTemplate = {
  type: 'enhanced',
  version: 1,
  label: 'Enhanced',
  instructions: `Turn the recording into clear, polished prose that keeps the speaker's ideas, order and voice.
Remove filler words, false starts and repetitions; fix grammar; group related thoughts into paragraphs.
Do not add facts, examples or opinions that are not in the transcript.`,
  sections: [],
  details: null,
};
