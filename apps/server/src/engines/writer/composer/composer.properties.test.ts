import type { Segment } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { composeContent } from './compose.ts';
import { CONTENT_TYPES, type ComposedContent } from './composed-content.schema.ts';
import { HOWTO_TRANSCRIPT } from './fixtures/howto-transcript.fixture.ts';
import { MEETING_TRANSCRIPT } from './fixtures/meeting-transcript.fixture.ts';
import { MONOLOGUE_TRANSCRIPT } from './fixtures/monologue-transcript.fixture.ts';
import { RECIPE_TRANSCRIPT } from './fixtures/recipe-transcript.fixture.ts';
import {
  lowercaseSegments,
  pocketsphinxSegments,
  type SpokenTranscript,
  whisperSegments,
} from './fixtures/spoken-transcript.fixture.ts';
import { groundedParts, normalWords, untraceable } from './fixtures/traceable.fixture.ts';
import { SHORT_TRANSCRIPTS, TWO_TOPICS_TRANSCRIPT } from './fixtures/two-topics-transcript.fixture.ts';

// Properties every piece has, whatever the content type and however the speech was transcribed:
// each section has a heading of its own and something under it, and each sentence the speaker
// said is written once, in the speaker's words.

const TRANSCRIPTS: SpokenTranscript[] = [
  RECIPE_TRANSCRIPT,
  MEETING_TRANSCRIPT,
  HOWTO_TRANSCRIPT,
  MONOLOGUE_TRANSCRIPT,
  TWO_TOPICS_TRANSCRIPT,
  ...SHORT_TRANSCRIPTS,
];
const ENGINES: [string, (t: SpokenTranscript) => Segment[]][] = [
  ['whisper.cpp', whisperSegments],
  ['PocketSphinx', pocketsphinxSegments],
  ['PocketSphinx, lower case', lowercaseSegments],
];

/** The sentences of the piece's text, as compared: lower-case words without marks. */
function writtenSentences(content: ComposedContent): string[] {
  const texts = [
    ...(content.summary ? [content.summary.text] : []),
    ...content.sections.flatMap((s) => s.paragraphs.map((p) => p.text)),
    ...content.key_points.map((k) => k.text),
  ];
  return texts
    .flatMap((t) => t.split(/(?<=[.!?])\s+/))
    .map((s) => normalWords(s).join(' '))
    .filter(Boolean);
}

const repeated = (items: string[]) => items.filter((item, i) => items.indexOf(item) !== i);

describe.each(ENGINES)('every piece the composer writes from %s', (_engine, engine) => {
  describe.each(TRANSCRIPTS.map((t) => [t.name, t] as const))(
    'from the %s transcript',
    (_name, transcript) => {
      const segments = engine(transcript);

      it.each(CONTENT_TYPES.map((t) => [t]))('as %s: distinct headings, no empty section', (type) => {
        const content = composeContent({ segments, language: 'en', content_type: type });
        const headings = content.sections.map((s) => s.heading.trim().toLowerCase());
        expect(headings.every(Boolean)).toBe(true);
        expect(repeated(headings)).toEqual([]);
        expect(content.sections.filter((s) => s.paragraphs.length === 0)).toEqual([]);
        expect(content.sections.length).toBeGreaterThan(0);
      });

      it.each(CONTENT_TYPES.map((t) => [t]))('as %s: each sentence once, each as it was said', (type) => {
        const content = composeContent({ segments, language: 'en', content_type: type });
        const sentences = writtenSentences(content);
        expect(repeated(sentences)).toEqual([]);
        for (const part of groundedParts(content))
          expect(untraceable(part.text, part.segment_ids, segments)).toBeNull();
        // A quote stands beside the text it is taken from, never beside the lead or a key point.
        const lifted = writtenSentences({ ...content, sections: [] });
        for (const quote of content.quotes) expect(lifted).not.toContain(normalWords(quote.text).join(' '));
      });
    },
  );
});
