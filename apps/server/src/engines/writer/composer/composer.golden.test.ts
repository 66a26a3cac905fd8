import type { Segment } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { composeContent } from './compose.ts';
import type { ComposedContent } from './composed-content.schema.ts';
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
import { contentBlocks, renderMarkdown } from './render.ts';

/** The same speech as each kind of engine gives it. */
const ENGINES: [string, (t: SpokenTranscript) => Segment[]][] = [
  ['whisper.cpp (punctuated)', whisperSegments],
  ['PocketSphinx (as stored)', pocketsphinxSegments],
  ['PocketSphinx (lower case, no marks)', lowercaseSegments],
];

function compose(transcript: SpokenTranscript, engine: (t: SpokenTranscript) => Segment[]) {
  const segments = engine(transcript);
  return { segments, content: composeContent({ segments, language: 'en' }) };
}

function expectGrounded(content: ComposedContent, segments: Segment[]) {
  const parts = groundedParts(content);
  expect(parts.length).toBeGreaterThan(5);
  for (const part of parts) {
    expect(untraceable(part.text, part.segment_ids, segments)).toBeNull();
    expect(part.start).toBe(segments[part.segment_ids[0] ?? -1]?.start);
  }
  // Headings, title and keywords are phrases of the transcript too.
  const vocabulary = new Set(normalWords(segments.map((s) => s.text).join(' ')));
  const phrases = [content.title, ...content.sections.map((s) => s.heading), ...content.keywords];
  const foreign = phrases.flatMap(normalWords).filter((w) => !vocabulary.has(w));
  expect(
    foreign.filter(
      (w) =>
        ![
          'overview',
          'introduction',
          'ingredients',
          'method',
          'tips',
          'steps',
          'what',
          'need',
          'wrapping',
          'up',
          'attendees',
          'decisions',
          'action',
          'items',
        ].includes(w),
    ),
  ).toEqual([]);
}

const everyText = (content: ComposedContent) => normalWords(renderMarkdown(content));

describe.each(ENGINES)('built-in composer on %s', (_engine, engine) => {
  it('writes the recipe with its ingredients, steps and times', () => {
    const { segments, content } = compose(RECIPE_TRANSCRIPT, engine);
    expect(content.content_type).toBe('recipe');
    expect(content.title).toBe('Banana Bread');
    if (content.metadata.content_type !== 'recipe') throw new Error('not a recipe');
    const m = content.metadata;
    expect(m.ingredients.map((i) => i.item)).toEqual(
      expect.arrayContaining([
        'ripe bananas',
        'flour',
        'baking soda',
        'salt',
        'melted butter',
        'brown sugar',
        'egg',
        'vanilla extract',
        'walnuts',
      ]),
    );
    expect(m.ingredients.find((i) => i.item === 'flour')).toMatchObject({ quantity: 'two', unit: 'cups' });
    expect(m.instructions.length).toBeGreaterThanOrEqual(7);
    expect(m.instructions[0]?.text).toMatch(/^First,? preheat the oven/);
    expect(m.instructions.map((s) => s.step)).toEqual(m.instructions.map((_, i) => i + 1));
    expect(m.instructions.some((s) => /^Bake it for sixty minutes/.test(s.text))).toBe(true);
    expect(m.prep_time?.value).toBe('fifteen minutes');
    expect(m.cook_time?.value).toBe('sixty minutes');
    expect(m.servings?.value).toBe('eight');
    expect(m.difficulty).toBe('easy');
    expect(m.dish).toBe('banana bread');
    expect(m.cuisine).toBeNull();
    expect(content.sections.map((s) => s.heading)).toEqual(['Overview', 'Ingredients', 'Method', 'Tips']);
    expect(content.hashtags[0]).toBe('#BananaBread');
    expectGrounded(content, segments);
  });

  it('writes the meeting notes with attendees, decisions and who does what by when', () => {
    const { segments, content } = compose(MEETING_TRANSCRIPT, engine);
    expect(content.content_type).toBe('meeting_notes');
    expect(content.title).toBe('Weekly Product Meeting');
    if (content.metadata.content_type !== 'meeting_notes') throw new Error('not meeting notes');
    const m = content.metadata.meeting_data;
    expect(m.attendees).toEqual(['Sarah', 'Tom', 'Priya', 'Daniel']);
    expect(m.topics).toEqual(['Mobile launch', 'Budget for next quarter', 'Customer feedback survey']);
    expect(m.action_items.map((a) => [a.owner, a.due])).toEqual([
      ['Tom', 'Wednesday'],
      ['Priya', 'Friday'],
      ['Sarah', null],
      ['Daniel', 'next Thursday'],
      ['Priya', 'the end of the week'],
    ]);
    expect(m.action_items[0]?.text).toBe('Tom will prepare the app store screenshots by Wednesday.');
    expect(m.decisions).toHaveLength(3);
    expect(m.decisions[1]?.text).toMatch(/^We agreed to move the test servers to a smaller plan/);
    expect(content.keywords).not.toContain('priya');
    // The opening is the summary; the discussion follows the agenda as announced, without the
    // decisions and action items listed after it.
    expect(content.summary?.text).toMatch(
      /^Let's get started with the weekly product meeting\. On the agenda/,
    );
    expect(content.sections.map((s) => s.heading)).toEqual([
      'Attendees',
      'Mobile launch',
      'Budget for next quarter',
      'Customer feedback survey',
      'Decisions',
      'Action items',
    ]);
    // Notes: one sentence a bullet, in the order said.
    expect(content.sections[1]?.kind).toBe('list');
    expect(content.sections[1]?.paragraphs[1]?.text).toMatch(/^Sarah, where are we with the release\?$/);
    const discussion = content.sections.slice(1, 4).flatMap((s) => s.paragraphs.map((p) => p.text));
    expect(discussion.join(' ')).not.toMatch(/Tom will prepare|We agreed to move/);
    expectGrounded(content, segments);
  });

  it('writes the how-to as numbered steps with what you need', () => {
    const { segments, content } = compose(HOWTO_TRANSCRIPT, engine);
    expect(content.content_type).toBe('tutorial');
    expect(content.title).toBe('How to Fix a Flat Tire');
    if (content.metadata.content_type !== 'tutorial') throw new Error('not a tutorial');
    const { tutorial_steps: steps, materials } = content.metadata;
    expect(steps.map((s) => normalWords(s.text).slice(0, 2).join(' '))).toEqual([
      'step one',
      'step two',
      'step three',
      'step four',
      'step five',
    ]);
    expect(steps[2]?.text).toMatch(/listen for the hiss/);
    expect(materials.map((m) => m.text)).toEqual(['a set of tire levers', 'a patch kit', 'a pump']);
    expect(content.summary?.text).toMatch(/^In this guide I'm going to show you how to fix a flat tire/);
    // Drawn from the introduction, the summary is not printed twice.
    expect(renderMarkdown(content).match(/In this guide/g)).toHaveLength(1);
    expect(content.sections.at(-1)?.heading).toBe('Wrapping up');
    expectGrounded(content, segments);
  });

  it('turns the rambling monologue into titled sections without its fillers and false starts', () => {
    const { segments, content } = compose(MONOLOGUE_TRANSCRIPT, engine);
    expect(content.content_type).toBe('enhanced');
    expect(content.sections.length).toBeGreaterThanOrEqual(3);
    expect(new Set(content.sections.map((s) => s.heading)).size).toBe(content.sections.length);
    // A clean transcript is the text as said: no lead above it, the opening first in its place.
    expect(content.summary).toBeNull();
    expect(content.sections[0]?.paragraphs[0]?.text).toMatch(
      /I've been thinking a lot about mornings lately\./,
    );
    expect(content.key_points.length).toBeGreaterThanOrEqual(1);
    expect(content.quotes.length).toBeGreaterThanOrEqual(1);
    expect(content.keywords.slice(0, 3)).toEqual(expect.arrayContaining(['mornings', 'garden']));
    const text = everyText(content).join(' ');
    expect(text).not.toMatch(/\b(?:um|uh)\b/);
    expect(text).not.toContain('i used to i used to');
    expect(text).not.toContain('you know');
    // The pause-broken "Every day I want | to plant" is one sentence.
    const all = content.sections.flatMap((s) => s.paragraphs.map((p) => p.text)).join(' ');
    expect(all).toMatch(/Every day I want to plant something new/);
    expect(content.word_count).toBe(
      renderMarkdown(content)
        .replace(/^#+ |[*>_`]|^- /gm, '')
        .split(/\s+/)
        .filter(Boolean).length,
    );
    expectGrounded(content, segments);
  });

  it('writes the monologue as a blog post: a hook from its opening, takeaways from its close', () => {
    const segments = engine(MONOLOGUE_TRANSCRIPT);
    const content = composeContent({ segments, language: 'en', content_type: 'blog_post' });
    expect(content.summary?.text).toMatch(/^I've been thinking a lot about mornings lately\./);
    expect(content.key_points.map((k) => k.text).join(' ')).toMatch(
      /I think the big lesson for me is that slow mornings are not lazy mornings\./,
    );
    // A takeaway repeats a sentence of the text, where it was said: beside the blocks, not in them.
    const blocks = contentBlocks(content).map((b) => b.text);
    expect(blocks.filter((b) => b.includes('slow mornings are not lazy mornings'))).toHaveLength(1);
    expect(blocks).not.toContain('Key points');
    expectGrounded(content, segments);
  });
});

describe('built-in composer', () => {
  it('gives the same output for the same input', () => {
    for (const transcript of [
      RECIPE_TRANSCRIPT,
      MEETING_TRANSCRIPT,
      HOWTO_TRANSCRIPT,
      MONOLOGUE_TRANSCRIPT,
    ]) {
      const segments = pocketsphinxSegments(transcript);
      const first = composeContent({ segments, language: 'en' });
      const again = composeContent({ segments: structuredClone(segments), language: 'en' });
      expect(again).toEqual(first);
      expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    }
  });
});
