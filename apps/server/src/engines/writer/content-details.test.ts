import type { ContentBlock } from '@voxpress/contracts';
import { describe, expect, it } from 'vitest';
import { contentDetails } from './content-details.ts';

const start = (ids: readonly number[]) => (ids.length ? Math.min(...ids) * 10 : null);
const base = { title: 'Apple pie', blocks: [] as ContentBlock[], keywords: [], start };

describe('content details in one shape', () => {
  it('reads the composer’s recipe and a model’s recipe alike', () => {
    const composer = contentDetails({
      ...base,
      contentType: 'recipe',
      raw: {
        content_type: 'recipe',
        dish: 'apple pie',
        prep_time: { value: '20 minutes', segment_ids: [1], start: 3 },
        cook_time: null,
        servings: { value: 'six', segment_ids: [2], start: 5 },
        difficulty: null,
        cuisine: null,
        author: null,
        ingredients: [
          {
            text: 'Two cups of flour.',
            quantity: 'two',
            unit: 'cups',
            item: 'flour',
            segment_ids: [3],
            start: 9,
          },
        ],
        instructions: [{ text: 'Mix the flour and butter.', step: 1, segment_ids: [4], start: 12 }],
        nutrition: null,
      },
    });
    const model = contentDetails({
      ...base,
      contentType: 'recipe',
      raw: {
        prep_time: '20 minutes',
        cook_time: null,
        servings: 6,
        difficulty: 'easy',
        cuisine: null,
        ingredients: [{ item: 'flour', quantity: '2 cups', segment_ids: [3] }],
        instructions: [{ step: 'Mix the flour and butter.', segment_ids: [4] }],
        nutrition: null,
      },
    });
    expect(composer).toMatchObject({
      content_type: 'recipe',
      prep_time: '20 minutes',
      servings: 'six',
      ingredients: [{ text: 'Two cups of flour.', item: 'flour', quantity: 'two', unit: 'cups', start: 30 }],
      instructions: [{ step: 1, text: 'Mix the flour and butter.', segment_ids: [4], start: 40 }],
    });
    expect(model).toMatchObject({
      content_type: 'recipe',
      prep_time: '20 minutes',
      servings: '6',
      difficulty: 'easy',
      ingredients: [{ text: '2 cups flour', item: 'flour', quantity: '2 cups', unit: null, start: 30 }],
      instructions: [{ step: 1, text: 'Mix the flour and butter.', start: 40 }],
    });
  });

  it('takes a model’s action item task as its text and its agenda as the topics', () => {
    const details = contentDetails({
      ...base,
      contentType: 'meeting_notes',
      raw: {
        meeting_data: {
          attendees: ['Ana', 'Ben'],
          agenda: ['Budget'],
          decisions: [{ text: 'Ship on Friday.', segment_ids: [2] }],
          action_items: [{ task: 'Send the report', owner: 'Ana', due: null, segment_ids: [5] }],
        },
      },
    });
    expect(details).toEqual({
      content_type: 'meeting_notes',
      meeting_data: {
        attendees: ['Ana', 'Ben'],
        topics: ['Budget'],
        decisions: [{ text: 'Ship on Friday.', segment_ids: [2], start: 20 }],
        action_items: [{ text: 'Send the report', owner: 'Ana', due: null, segment_ids: [5], start: 50 }],
      },
    });
  });

  it('gives a model’s SEO article a meta description, slug and keyword use from its own blocks', () => {
    const blocks: ContentBlock[] = [
      { type: 'paragraph', text: 'Remote work needs a routine.', segment_ids: [0], start: 0 },
      { type: 'heading', text: 'Why a routine helps', segment_ids: [], start: null },
      { type: 'paragraph', text: 'A routine keeps remote work calm.', segment_ids: [1], start: 10 },
    ];
    expect(
      contentDetails({
        ...base,
        title: 'Remote Work, Calmly',
        blocks,
        keywords: ['remote work'],
        contentType: 'seo_optimized',
        raw: null,
      }),
    ).toEqual({
      content_type: 'seo_optimized',
      meta_description: 'Remote work needs a routine.',
      slug: 'remote-work-calmly',
      headings: ['Why a routine helps'],
      focus_keyword: 'remote work',
      keyword_use: [
        {
          keyword: 'remote work',
          count: 2,
          density: expect.any(Number),
          in_title: true,
          in_first_paragraph: true,
          in_headings: false,
        },
      ],
    });
  });

  it('lists a newsletter’s headings as its contents, and has nothing for the plain types', () => {
    const blocks: ContentBlock[] = [
      { type: 'heading', text: 'News', segment_ids: [], start: null },
      { type: 'paragraph', text: 'Text.', segment_ids: [0], start: 0 },
    ];
    expect(contentDetails({ ...base, blocks, contentType: 'newsletter', raw: null })).toEqual({
      content_type: 'newsletter',
      in_this_issue: ['News'],
    });
    expect(
      contentDetails({ ...base, contentType: 'blog_post', raw: { content_type: 'blog_post' } }),
    ).toBeNull();
  });
});
