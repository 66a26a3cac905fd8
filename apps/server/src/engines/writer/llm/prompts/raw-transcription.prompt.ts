import type { ContentTypeTemplate } from './content-type-template.ts';

export const rawTranscriptionPrompt: ContentTypeTemplate = {
  type: 'raw_transcription',
  version: 1,
  label: 'Raw transcription',
  instructions: `Give the transcript back nearly as spoken: only add punctuation and capital letters, and break
it into paragraphs where the topic changes. Keep every word, including the speaker's phrasing; remove nothing
but obvious recognition noise. One paragraph cites exactly the lines it contains.`,
  sections: [],
  details: null,
};
