import type { ContentBody, ContentTranslation } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { BuiltInComposer } from '../../../engines/writer/composer/composer.writer.ts';
import { HOWTO_TRANSCRIPT } from '../../../engines/writer/composer/fixtures/howto-transcript.fixture.ts';
import { MEETING_TRANSCRIPT } from '../../../engines/writer/composer/fixtures/meeting-transcript.fixture.ts';
import { RECIPE_TRANSCRIPT } from '../../../engines/writer/composer/fixtures/recipe-transcript.fixture.ts';
import {
  type SpokenTranscript,
  whisperSegments,
} from '../../../engines/writer/composer/fixtures/spoken-transcript.fixture.ts';
import { fromComposed, fromLlm } from '../../../engines/writer/content-body.ts';
import type { WrittenContent } from '../../../engines/writer/llm/llm.writer.ts';
import type { ContentRow } from '../../../repositories/content.repository.ts';
import { materialFromContentData } from './content-data-material.ts';
import { materialFromContent } from './content-material.ts';
import { dataFor, emphasesFor } from './infographic-material.ts';
import { printedFigure } from './material-readers.ts';

function translation(
  body: ContentBody,
  status: ContentTranslation['status'] = 'completed',
): ContentTranslation {
  return {
    title: body.title,
    text: body.text,
    status,
    method: 'written',
    service: 'composer',
    reason: null,
    error: null,
    blocks: body.blocks,
    metadata: { word_count: body.word_count },
  };
}

function row(body: ContentBody, type: string, extra: Record<string, ContentTranslation> = {}): ContentRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: '00000000-0000-4000-8000-000000000002',
    transcriptionId: '00000000-0000-4000-8000-000000000003',
    contentType: type,
    title: body.title,
    requestedTitle: null,
    language: 'en',
    languages: ['en', ...Object.keys(extra)],
    keywords: ['baking'],
    targetPlatforms: [],
    status: 'completed',
    progress: 100,
    progressMessage: null,
    body,
    translations: { en: translation(body), ...extra },
    writer: null,
    error: null,
    jobId: null,
    versions: [],
    revision: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

async function composed(transcript: SpokenTranscript, type: 'recipe' | 'tutorial' | 'meeting_notes') {
  const segments = whisperSegments(transcript);
  const piece = await new BuiltInComposer().write({ segments, language: 'en', content_type: type });
  return fromComposed(piece, segments, true);
}

describe('content as infographic material', () => {
  it('reads the composer’s recipe: ingredients with amounts, steps, figures, quotes with their times', async () => {
    const body = await composed(RECIPE_TRANSCRIPT, 'recipe');
    const m = materialFromContent(row(body, 'recipe'));
    expect(m.language).toBe('en');
    expect(m.title).toBe(body.title);
    expect(m.ingredients).toEqual(expect.arrayContaining(['three ripe bananas', 'two cups flour']));
    expect(m.steps.length).toBeGreaterThanOrEqual(4);
    expect(m.steps[0]).toMatch(/preheat the oven/i);
    expect(m.facts).toEqual(
      expect.arrayContaining([
        { label: 'Prep', value: '15 min' },
        { label: 'Serves', value: '8' },
        { label: 'Difficulty', value: 'Easy' },
      ]),
    );
    expect(m.tags).toContain('baking');
    for (const q of m.quotes) expect(typeof q.start).toBe('number');
    // Every drawn text is the content's own.
    const source = `${body.text}\n${JSON.stringify(body.details)}\n${body.key_points.map((k) => k.text).join('\n')}`;
    for (const step of m.steps) expect(source).toContain(step);
  });

  it('gives each emphasis its part: ingredients first, then steps, with the figures beside them', async () => {
    const m = materialFromContent(row(await composed(RECIPE_TRANSCRIPT, 'recipe'), 'recipe'));
    expect(emphasesFor(m, 'recipe').slice(0, 3)).toEqual(['ingredients', 'steps', 'facts']);
    const ingredients = dataFor(m, 'ingredients');
    expect(ingredients.ingredients?.length).toBeGreaterThan(3);
    expect(ingredients.steps).toBeUndefined();
    expect(ingredients.facts?.length).toBeGreaterThan(1);
    const steps = dataFor(m, 'steps');
    expect(steps.steps?.length).toBeLessThanOrEqual(6);
    expect(steps.ingredients).toBeUndefined();
    const footer = dataFor(m, 'steps', [
      { type: 'footer', text: '@grandmas.kitchen' },
      { type: 'hide', part: 'facts' },
    ]);
    expect(footer.footer).toBe('@grandmas.kitchen');
    expect(footer.facts).toBeUndefined();
  });

  it('reads tutorial steps and meeting action items with their owners', async () => {
    const tutorial = materialFromContent(row(await composed(HOWTO_TRANSCRIPT, 'tutorial'), 'tutorial'));
    expect(tutorial.steps.length).toBeGreaterThanOrEqual(3);
    expect(tutorial.facts).toContainEqual({ label: 'Steps', value: String(tutorial.steps.length) });
    const meeting = materialFromContent(
      row(await composed(MEETING_TRANSCRIPT, 'meeting_notes'), 'meeting_notes'),
    );
    expect(meeting.actionItems.length).toBeGreaterThan(0);
    expect(meeting.actionItems.some((a) => a.owner)).toBe(true);
    expect(meeting.facts.map((f) => f.label)).toContain('Action items');
    expect(emphasesFor(meeting, 'meeting_notes')[0]).toBe('action_items');
  });

  it('reads a language model’s details, whose shapes differ from the composer’s', () => {
    const piece: WrittenContent = {
      title: 'Pan con tomate',
      language: 'en',
      content_type: 'recipe',
      prompt_version: 1,
      blocks: [
        { type: 'heading', text: 'Ingredients', segment_ids: [] },
        { type: 'bullet', text: '4 slices of bread', segment_ids: [1] },
        { type: 'heading', text: 'Method', segment_ids: [] },
        { type: 'numbered', text: 'Toast the bread.', segment_ids: [2] },
        { type: 'numbered', text: 'Rub with tomato.', segment_ids: [3] },
      ],
      key_points: [{ text: 'Ripe tomatoes matter most.', segment_ids: [4] }],
      quotes: [{ text: 'the riper the better', segment_ids: [4] }],
      details: {
        prep_time: '5 minutes',
        cook_time: null,
        servings: 2,
        difficulty: 'easy',
        cuisine: 'spanish',
        ingredients: [
          { item: 'bread', quantity: '4 slices', segment_ids: [1] },
          { item: 'tomatoes', quantity: '2', segment_ids: [1] },
        ],
        instructions: [
          { step: 'Toast the bread.', segment_ids: [2] },
          { step: 'Rub with tomato.', segment_ids: [3] },
        ],
        nutrition: null,
      },
      text: '',
      word_count: 0,
      grounding: { kept: 0, dropped: [], parts: 1 } as unknown as WrittenContent['grounding'],
      engine: { provider: 'openai', model: 'm' },
    };
    const segments = [0, 1, 2, 3, 4].map((i) => ({ start: i * 10, end: i * 10 + 9, text: `line ${i}` }));
    const m = materialFromContent(row(fromLlm(piece, segments, true, { contentType: 'recipe' }), 'recipe'));
    expect(m.ingredients).toEqual(['4 slices bread', '2 tomatoes']);
    expect(m.steps).toEqual(['Toast the bread.', 'Rub with tomato.']);
    expect(m.facts).toEqual([
      { label: 'Prep', value: '5 min' },
      { label: 'Serves', value: '2' },
      { label: 'Difficulty', value: 'Easy' },
      { label: 'Cuisine', value: 'Spanish' },
      { label: 'Steps', value: '2' },
    ]);
    expect(m.quotes[0]).toEqual({ text: 'the riper the better', start: 40 });
  });

  it('draws a translation from its own blocks, read by the sections of the original', async () => {
    const body = await composed(RECIPE_TRANSCRIPT, 'recipe');
    const es: ContentTranslation = {
      ...translation(body),
      title: 'El pan de plátano de mi abuela',
      method: 'machine',
      blocks: body.blocks.map((b, i) => ({ ...b, text: `es ${i} ${b.text}` })),
    };
    const m = materialFromContent(row(body, 'recipe', { es }), 'es');
    expect(m.language).toBe('es');
    expect(m.title).toBe('El pan de plátano de mi abuela');
    expect(m.ingredients.length).toBeGreaterThan(3);
    expect(m.ingredients.every((i) => i.startsWith('es '))).toBe(true);
    expect(m.steps.every((s) => s.startsWith('es '))).toBe(true);
    // No English figure labels in a Spanish image.
    expect(m.facts).toEqual([]);
  });

  it('refuses a language the piece has no finished text in, saying which it has', async () => {
    const body = await composed(RECIPE_TRANSCRIPT, 'recipe');
    const de = { ...translation(body), status: 'failed' as const, blocks: [] };
    expect(() => materialFromContent(row(body, 'recipe', { de }), 'de')).toThrow(/no German version yet/);
    expect(() => materialFromContent(row(body, 'recipe'), 'hi')).toThrow(/no Hindi version yet/);
    expect(materialFromContent(row(body, 'recipe'), 'en-US').language).toBe('en');
  });
});

describe('figures as printed', () => {
  it('prints spoken English quantities in figures, and leaves anything else as said', () => {
    expect(printedFigure('fifteen minutes', 'en')).toBe('15 min');
    expect(printedFigure('twenty-five minutes', 'en')).toBe('25 min');
    expect(printedFigure('about an hour', 'en-GB')).toBe('~1 h');
    expect(printedFigure('eight', 'en')).toBe('8');
    expect(printedFigure('4 people', 'en')).toBe('4');
    expect(printedFigure('a little while', 'en')).toBe('a little while');
    expect(printedFigure('one and a half hours', 'en')).toBe('one and a half hours');
    expect(printedFigure('quince minutos', 'es')).toBe('quince minutos');
  });
});

describe('free-form content_data as material', () => {
  it('reads a plain text: a short first line is the title, paragraphs give the points', () => {
    const m = materialFromContentData(
      'Quick weeknight dal\n\nRed lentils cook in twenty minutes. They need no soaking.\n\nTemper cumin seeds in ghee. Pour over the dal.\n\nServe with rice.',
      'en',
    );
    expect(m?.title).toBe('Quick weeknight dal');
    expect(m?.subtitle).toBe('Red lentils cook in twenty minutes.');
    expect(m?.keyPoints.map((p) => p.text)).toEqual(['Temper cumin seeds in ghee.', 'Serve with rice.']);
  });

  it('reads the spec’s object fields: recipe figures, steps, meeting and product data, tags', () => {
    const m = materialFromContentData(
      {
        title: 'Team sync',
        text: 'We met about the launch.',
        meeting_data: {
          attendees: ['Ana', 'Tom', 'Li'],
          action_items: [{ task: 'Draft the post', owner: 'Ana' }, 'Book the room'],
          decisions: ['Launch on Friday'],
        },
        hashtags: ['#launch', 'launch', 'team'],
      },
      'en',
    );
    expect(m?.actionItems).toEqual([{ text: 'Draft the post', owner: 'Ana' }, { text: 'Book the room' }]);
    expect(m?.decisions).toEqual([{ text: 'Launch on Friday', start: null }]);
    expect(m?.facts).toContainEqual({ label: 'Attendees', value: '3' });
    expect(m?.tags).toEqual(['launch', 'team']);
    const recipe = materialFromContentData(
      {
        title: 'Tacos',
        ingredients: ['8 tortillas'],
        prep_time: { value: '10 min' },
        servings: 4,
        language: 'es',
      },
      'en',
    );
    expect(recipe?.language).toBe('es');
    expect(recipe?.facts).toEqual([
      { label: 'Preparación', value: '10 min' },
      { label: 'Raciones', value: '4' },
    ]);
  });

  it('holds nothing to draw when empty', () => {
    expect(materialFromContentData('', 'en')).toBeUndefined();
    expect(materialFromContentData({ keywords: [] }, 'en')).toBeUndefined();
  });
});
