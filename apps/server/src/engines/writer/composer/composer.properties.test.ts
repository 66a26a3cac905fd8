import type { Segment } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { composeContent } from './compose.ts';
import { CONTENT_TYPES, type ComposedContent, type ContentType } from './composed-content.schema.ts';
import { COMPOSER_CONTENT_TYPES, composerArranges } from './composer-capabilities.ts';
import { HONESTY_TRANSCRIPTS, type HonestyTranscript } from './fixtures/honesty-transcripts.fixture.ts';
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
import { headingCase } from './keywords.ts';
import { contentBlocks } from './render.ts';

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

/** The sentences of the piece's text (not its key points, which repeat some), as compared: lower-case words without marks. */
function writtenSentences(content: ComposedContent): string[] {
  const texts = [
    ...(content.summary ? [content.summary.text] : []),
    ...content.sections.flatMap((s) => s.paragraphs.map((p) => p.text)),
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
        // A blog post of one sentence is its hook alone.
        expect(content.sections.length + (content.summary ? 1 : 0)).toBeGreaterThan(0);
      });

      it.each(CONTENT_TYPES.map((t) => [t]))('as %s: each sentence once, each as it was said', (type) => {
        const content = composeContent({ segments, language: 'en', content_type: type });
        const sentences = writtenSentences(content);
        expect(repeated(sentences)).toEqual([]);
        for (const part of groundedParts(content))
          expect(untraceable(part.text, part.segment_ids, segments)).toBeNull();
        // A quote stands beside the text it is taken from, never beside the lead or a key point.
        const lifted = [
          ...writtenSentences({ ...content, sections: [] }),
          ...content.key_points.map((k) => normalWords(k.text).join(' ')),
        ];
        for (const quote of content.quotes) expect(lifted).not.toContain(normalWords(quote.text).join(' '));
        // A key point is a sentence of the text, as written there.
        const text = writtenSentences(content);
        for (const point of content.key_points) {
          const words = normalWords(point.text).join(' ');
          expect(text.some((t) => t.endsWith(words))).toBe(true);
        }
      });
    },
  );
});

// The honesty rules of the built-in composer (it arranges, it does not write): over people,
// recipes, meetings and monologues, punctuated or as bare lower-case words, for every type it
// offers. Each rule here failed on the composer before these rules were made.

const ARRANGED = CONTENT_TYPES.filter(composerArranges);
const ALL: (SpokenTranscript & Partial<HonestyTranscript>)[] = [...HONESTY_TRANSCRIPTS, ...TRANSCRIPTS];
/** Linking words a sentence may open on, and words that hang it on the one before. */
const LINKING = new Set('and but so then also or yeah okay ok well'.split(' '));
const HANGING = new Set('which who whom whose of to than with nor because plus too as'.split(' '));

const sourceWords = (segments: Segment[]) => normalWords(segments.map((s) => s.text).join(' '));
const textSections = (content: ComposedContent) => content.sections.filter((s) => s.kind === 'text');
const flat = (text: string) => normalWords(text).join(' ');

describe.each(ENGINES)('honesty of the built-in composer on %s', (_engine, engine) => {
  describe.each(ALL.map((t) => [t.name, t] as const))('from the %s transcript', (_name, transcript) => {
    const segments = engine(transcript);
    const spoken = sourceWords(segments);
    const sentences = segments.map((s) => flat(s.text)).join(' ');
    const pieces = new Map<ContentType, ComposedContent>(
      ARRANGED.map((type) => [type, composeContent({ segments, language: 'en', content_type: type })]),
    );

    it('names as attendees only people the speaker named', () => {
      const notes = pieces.get('meeting_notes');
      if (notes?.metadata.content_type !== 'meeting_notes') throw new Error('not meeting notes');
      const people = (transcript.people ?? ['Sarah', 'Tom', 'Priya', 'Daniel']).map((p) => p.toLowerCase());
      for (const name of notes.metadata.meeting_data.attendees) expect(people).toContain(name.toLowerCase());
      if (transcript.people)
        expect(notes.metadata.meeting_data.attendees).toHaveLength(transcript.people.length);
    });

    it('titles each piece with words said in that order, never two keywords joined by "and"', () => {
      for (const [type, content] of pieces) {
        const title = flat(content.title);
        expect(title.length, type).toBeGreaterThan(0);
        // The title is a run of words of the transcript: its opening words, or a name said.
        expect(sentences, `${type}: ${content.title}`).toContain(title);
        expect(content.title).not.toMatch(/^\S+(?: \S+)? and \S+(?: \S+)?$/i);
      }
    });

    it("takes the user's title first, then the dish the speaker named, then the item's title", () => {
      const asked = composeContent({
        segments,
        language: 'en',
        content_type: 'recipe',
        title: 'Sunday cooking',
        source_title: 'Kitchen recording',
      });
      expect(asked.title).toBe('Sunday cooking');
      const recipe = composeContent({
        segments,
        language: 'en',
        content_type: 'recipe',
        source_title: 'Kitchen recording',
      });
      const dishes = transcript.dishes ?? [];
      if (dishes.length === 1) expect(recipe.title).toBe(headingCase(dishes[0] ?? '', 'en'));
      else if (transcript.dishes) expect(recipe.title).toBe('Kitchen recording');
    });

    it('has key points when the source has 100 words or more', () => {
      if (spoken.length < 100) return;
      for (const [type, content] of pieces) {
        if (type === 'raw_transcription') expect(content.key_points).toEqual([]);
        else expect(content.key_points.length, type).toBeGreaterThan(0);
      }
    });

    it('opens every piece on a full sentence', () => {
      // A source of nothing but a greeting has no full sentence to open on.
      if (!segments.some((s) => normalWords(s.text).length >= 4)) return;
      for (const [type, content] of pieces) {
        if (type === 'raw_transcription') continue;
        // The lead, else the first running text or notes (not a list of names).
        const first = content.sections.find(
          (s) => s.kind === 'text' || (s.kind === 'list' && !/attendees/i.test(s.heading)),
        );
        const opening = content.summary?.text ?? first?.paragraphs[0]?.text ?? '';
        const words = normalWords(opening.split(/(?<=[.!?])\s+/)[0] ?? '');
        while (LINKING.has(words[0] ?? '')) words.shift();
        expect(words.length, `${type}: ${opening}`).toBeGreaterThanOrEqual(4);
        expect(HANGING.has(words[0] ?? ''), `${type}: ${opening}`).toBe(false);
      }
    });

    it('keeps the sentences of each section, and the lead before them, in the order they were said', () => {
      for (const [type, content] of pieces) {
        const starts = (ids: number[]) => Math.min(...ids);
        for (const section of textSections(content)) {
          const order = section.paragraphs.map((p) => starts(p.segment_ids));
          expect(order, `${type}: ${section.heading}`).toEqual([...order].sort((a, b) => a - b));
        }
        const lead = content.summary;
        const opening = textSections(content)[0]?.paragraphs[0];
        if (lead && opening)
          expect(Math.max(...lead.segment_ids), type).toBeLessThanOrEqual(starts(opening.segment_ids));
      }
    });

    it('gives each content type its own text', () => {
      // A greeting alone ("Good morning everyone.") is the same few words whatever it is arranged as.
      if (!segments.some((s) => normalWords(s.text).length >= 4)) return;
      const texts = [...pieces].map(
        ([type, content]) =>
          [
            type,
            contentBlocks(content)
              .map((b) => `${b.type}: ${b.text}`)
              .join('\n'),
          ] as const,
      );
      for (const [i, [type, text]] of texts.entries())
        for (const [other, otherText] of texts.slice(i + 1))
          expect(text, `${type} = ${other}`).not.toBe(otherText);
    });

    it('keeps each dish apart, with every ingredient listed and every step in its method', () => {
      if (!transcript.dishes?.length) return;
      const recipe = pieces.get('recipe');
      if (recipe?.metadata.content_type !== 'recipe') throw new Error('not a recipe');
      const headings = recipe.sections.map((s) => s.heading.toLowerCase());
      if (transcript.dishes.length > 1)
        for (const dish of transcript.dishes)
          expect(headings.filter((h) => h.includes(dish)).length).toBeGreaterThanOrEqual(3);
      const items = recipe.metadata.ingredients.map((i) => flat(i.item));
      for (const ingredient of transcript.ingredients ?? [])
        expect(
          items.some((item) => item.includes(ingredient)),
          `${ingredient} in ${items.join(', ')}`,
        ).toBe(true);
      const method = flat(
        recipe.sections
          .filter((s) => s.kind === 'steps')
          .flatMap((s) => s.paragraphs.map((p) => p.text))
          .join(' '),
      );
      const tips = flat(
        recipe.sections
          .filter((s) => /tips/i.test(s.heading))
          .flatMap((s) => s.paragraphs.map((p) => p.text))
          .join(' '),
      );
      for (const step of transcript.steps ?? []) {
        expect(method, step).toContain(step);
        expect(tips, step).not.toContain(step);
      }
    });
  });
});

describe('what the composer offers', () => {
  it('says for every content type whether it arranges it or leaves it to a language model', () => {
    expect(Object.keys(COMPOSER_CONTENT_TYPES).sort()).toEqual([...CONTENT_TYPES].sort());
    expect(CONTENT_TYPES.filter((t) => !composerArranges(t)).sort()).toEqual([
      'newsletter',
      'product_description',
      'seo_optimized',
      'story',
    ]);
  });
});
