import type { Segment } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { composeContent } from './compose.ts';
import { BuiltInComposer } from './composer.writer.ts';
import { HOWTO_TRANSCRIPT } from './fixtures/howto-transcript.fixture.ts';
import { MONOLOGUE_TRANSCRIPT } from './fixtures/monologue-transcript.fixture.ts';
import { pocketsphinxSegments, whisperSegments } from './fixtures/spoken-transcript.fixture.ts';
import { groundedParts, untraceable } from './fixtures/traceable.fixture.ts';
import { contentBlocks, renderHtml, renderMarkdown } from './render.ts';
import { slugify } from './seo-metadata.ts';

/** Timed segments from lines, one second per line with a short pause. */
function timed(lines: string[]): Segment[] {
  return lines.map((text, i) => ({ start: i * 4, end: i * 4 + 3.5, text }));
}

const PRODUCT = timed([
  'Introducing the Aero Kettle, a travel kettle for people who hate waiting.',
  'It has a double wall that keeps water hot for six hours.',
  'It comes with a fold-away handle and a charging dock.',
  'You can boil a cup of water in ninety seconds.',
  'It helps you skip the queue at the hotel breakfast.',
  'The price is $49 and the Aero Kettle ships next month.',
]);

describe('content types', () => {
  it('describes a product: name, features, benefits and price, each from what was said', () => {
    const content = composeContent({ segments: PRODUCT, language: 'en' });
    expect(content.content_type).toBe('product_description');
    if (content.metadata.content_type !== 'product_description') throw new Error('not a product');
    const data = content.metadata.product_data;
    expect(data.name).toBe('Aero Kettle');
    expect(data.price).toEqual({ value: '$49', segment_ids: [5], start: 20 });
    expect(data.features.map((f) => f.segment_ids[0])).toEqual([1, 2]);
    expect(data.benefits.map((f) => f.segment_ids[0])).toEqual([3, 4]);
    expect(content.sections.map((s) => s.heading)).toEqual(
      expect.arrayContaining(['Features', 'Benefits', 'Price']),
    );
    for (const part of groundedParts(content))
      expect(untraceable(part.text, part.segment_ids, PRODUCT)).toBeNull();
  });

  it('names a recipe after the dish being made, not an ingredient like baking soda', () => {
    const recipe = timed([
      "today we are making my grandmother's banana bread the easiest recipe i know",
      'you need three ripe bananas two cups of flour and one teaspoon of baking soda',
      'first preheat the oven to three hundred fifty degrees and grease a loaf pan',
      'bake it for sixty minutes until a toothpick comes out clean',
    ]);
    const content = composeContent({ segments: recipe, language: 'en', content_type: 'recipe' });
    expect(content.title).toBe('Banana Bread');
  });

  it('optimises for search: meta description within 160 characters, slug, headings and keyword use', () => {
    const segments = whisperSegments(MONOLOGUE_TRANSCRIPT);
    const content = composeContent({
      segments,
      language: 'en',
      content_type: 'seo_optimized',
      keywords: ['slow mornings'],
    });
    if (content.metadata.content_type !== 'seo_optimized') throw new Error('not seo');
    const seo = content.metadata;
    expect(seo.meta_description.length).toBeLessThanOrEqual(160);
    expect(seo.meta_description.length).toBeGreaterThan(40);
    expect(seo.slug).toBe(slugify(content.title));
    expect(seo.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(seo.headings).toEqual(content.sections.map((s) => s.heading));
    expect(seo.focus_keyword).toBe('slow mornings');
    expect(content.keywords[0]).toBe('slow mornings');
    const slow = seo.keyword_use.find((k) => k.keyword === 'slow mornings');
    expect(slow?.count).toBe(1);
    expect(slow?.density).toBeGreaterThan(0);
    const garden = seo.keyword_use.find((k) => k.keyword === 'garden');
    expect(garden?.count).toBeGreaterThanOrEqual(4);
  });

  it('lists the sections of a newsletter as "in this issue"', () => {
    const content = composeContent({
      segments: whisperSegments(MONOLOGUE_TRANSCRIPT),
      language: 'en',
      content_type: 'newsletter',
    });
    expect(content.metadata).toEqual({
      content_type: 'newsletter',
      in_this_issue: content.sections.map((s) => s.heading),
    });
  });

  it('keeps a raw transcription word for word, in sentences and paragraphs', () => {
    const segments = pocketsphinxSegments(MONOLOGUE_TRANSCRIPT);
    const content = composeContent({ segments, language: 'en', content_type: 'raw_transcription' });
    expect(content.sections).toHaveLength(1);
    expect(content.sections[0]?.heading).toBe('Transcript');
    const text = content.sections[0]?.paragraphs.map((p) => p.text).join(' ') ?? '';
    expect(text).toContain("So um I've been thinking");
    expect(content.key_points).toEqual([]);
    expect(content.summary).toBeNull();
  });

  it('uses the title and keywords the user gave', () => {
    const content = composeContent({
      segments: whisperSegments(HOWTO_TRANSCRIPT),
      language: 'en',
      content_type: 'blog_post',
      title: '  Roadside repairs  ',
      keywords: [' bike ', ''],
    });
    expect(content.title).toBe('Roadside repairs');
    expect(content.keywords[0]).toBe('bike');
    expect(content.hashtags[0]).toBe('#Bike');
    expect(content.metadata).toEqual({ content_type: 'blog_post' });
  });
});

describe('other languages', () => {
  it('writes Spanish from its own sentences', () => {
    const segments = timed([
      'Hoy vamos a preparar una tortilla de patatas.',
      'Primero, pelamos las patatas y las cortamos en rodajas finas.',
      'Después, freímos las patatas en aceite de oliva a fuego lento.',
      'Batimos los huevos y mezclamos las patatas con los huevos.',
      'La tortilla de patatas es el plato más famoso de España.',
    ]);
    const content = composeContent({ segments, language: 'es', content_type: 'enhanced' });
    expect(content.keywords).toEqual(expect.arrayContaining(['patatas']));
    expect(content.sections[0]?.heading).not.toBe('');
    for (const part of groundedParts(content))
      expect(untraceable(part.text, part.segment_ids, segments)).toBeNull();
  });

  it('writes Japanese without spaces between words and drops its hesitations', () => {
    const segments = timed([
      'えーと、今日はトマトを植えます。',
      'まず土を準備します。',
      'それから毎日水をやります。トマトは日光が大好きです。',
    ]);
    const content = composeContent({ segments, language: 'ja', content_type: 'enhanced' });
    const text = content.sections.flatMap((s) => s.paragraphs.map((p) => p.text)).join('');
    expect(text).toBe(
      '今日はトマトを植えます。まず土を準備します。それから毎日水をやります。トマトは日光が大好きです。',
    );
    expect(content.hashtags.every((h) => !h.includes(' '))).toBe(true);
  });
});

describe('rendering', () => {
  it('renders Markdown and HTML whose every paragraph can play its source', () => {
    const content = composeContent({ segments: PRODUCT, language: 'en' });
    const markdown = renderMarkdown(content);
    expect(markdown.startsWith('# Aero Kettle')).toBe(true);
    expect(markdown).toContain('## Features\n\n- It has a double wall');
    const html = renderHtml(content);
    expect(html).toContain(
      '<li data-segment-ids="1" data-start="4">It has a double wall that keeps water hot for six hours.</li>',
    );
    expect(html).not.toMatch(/<p>|<li>/);
  });

  it('gives the piece as blocks in reading order, as the language-model writer does', () => {
    const content = composeContent({ segments: PRODUCT, language: 'en' });
    const blocks = contentBlocks(content);
    expect(blocks[0]).toEqual({
      type: 'paragraph',
      text: content.summary?.text,
      segment_ids: content.summary?.segment_ids,
    });
    expect(blocks.filter((b) => b.type === 'heading').map((b) => b.text)).toEqual(
      content.sections.map((s) => s.heading),
    );
    expect(blocks.find((b) => b.type === 'bullet')).toEqual({
      type: 'bullet',
      text: 'It has a double wall that keeps water hot for six hours.',
      segment_ids: [1],
    });
  });

  it('escapes what the speaker said', () => {
    const segments = timed([
      'I typed <script>alert(1)</script> into the box & it worked.',
      'The box took it without a fuss at all.',
    ]);
    const html = renderHtml(composeContent({ segments, language: 'en', content_type: 'enhanced' }));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;');
  });
});

describe('little to write from', () => {
  it('writes an empty piece from an empty transcript rather than failing', () => {
    const content = composeContent({ segments: [], language: 'en' });
    expect(content).toMatchObject({
      content_type: 'enhanced',
      title: '',
      summary: null,
      sections: [],
      word_count: 0,
    });
    const fillers = composeContent({ segments: timed(['um', 'uh okay']), language: 'en' });
    expect(fillers.sections).toEqual([]);
  });

  it("writes from a typed document with no timing: nothing to point at, still the writer's own words", () => {
    const text = 'Our garden is small. We grow tomatoes and basil there every summer. The basil likes shade.';
    const content = composeContent({ segments: [], text, language: 'en', content_type: 'enhanced' });
    const paragraphs = content.sections.flatMap((s) => s.paragraphs);
    expect(paragraphs.map((p) => p.text).join(' ')).toBe(text);
    expect(paragraphs.every((p) => p.segment_ids.length === 0 && p.start === null)).toBe(true);
  });
});

describe('BuiltInComposer', () => {
  it('describes itself as an always-available writer and validates what it is given', async () => {
    const composer = new BuiltInComposer();
    expect(composer).toMatchObject({ id: 'composer', kind: 'writer' });
    expect(composer.supports('ta')).toBe(true);
    expect((await composer.status()).state).toBe('ready');
    const content = await composer.write({
      segments: PRODUCT,
      language: 'en',
      content_type: 'product_description',
    });
    expect(content.title).toBe('Aero Kettle');
    await expect(
      composer.write({ segments: PRODUCT, language: 'en', content_type: 'poem' } as never),
    ).rejects.toThrow();
  });
});
