import { describe, expect, it } from 'vitest';
import { infographicsConfig, zInfographicsEnv } from '../../../config/infographics-env.schema.ts';
import { emptyMaterial } from '../material/infographic-material.ts';
import { suggestByKeywords } from '../material/keyword-rules.ts';
import { ALL_TEMPLATES_OFF, fixedPlans, llmPlans, templateCounts } from './variation-planner.ts';

const flags = (env: Record<string, string> = {}) => infographicsConfig(zInfographicsEnv.parse(env));

describe('template counts follow the feature flags (spec §9)', () => {
  it('defaults: built-in templates only, up to 10, the configured total when the request does not say', () => {
    expect(templateCounts(flags(), {}, 10)).toEqual({ fixed: 10, llm: 0 });
    expect(templateCounts(flags(), { variation_count: 5 }, 10)).toEqual({ fixed: 5, llm: 0 });
    expect(templateCounts(flags(), { variation_count: 15 }, 10)).toEqual({ fixed: 10, llm: 0 });
  });

  it('hybrid mixes both kinds; explicit counts are capped by each kind’s maximum', () => {
    const hybrid = flags({ INFOGRAPHIC_LLM_TEMPLATES: 'true', INFOGRAPHIC_HYBRID_TEMPLATES: 'true' });
    expect(templateCounts(hybrid, { variation_count: 10 }, 10)).toEqual({ fixed: 5, llm: 5 });
    expect(templateCounts(hybrid, { variation_count: 5 }, 10)).toEqual({ fixed: 3, llm: 2 });
    expect(templateCounts(hybrid, { fixed_template_count: 2, llm_template_count: 9 }, 10)).toEqual({
      fixed: 2,
      llm: 5,
    });
    // Without hybrid, a set uses built-in templates while they are on.
    expect(templateCounts(flags({ INFOGRAPHIC_LLM_TEMPLATES: 'true' }), { variation_count: 4 }, 10)).toEqual({
      fixed: 4,
      llm: 0,
    });
    const llmOnly = flags({ INFOGRAPHIC_LLM_TEMPLATES: 'true', INFOGRAPHIC_FIXED_TEMPLATES: 'false' });
    expect(templateCounts(llmOnly, { variation_count: 8 }, 10)).toEqual({ fixed: 0, llm: 5 });
  });

  it('refuses with the spec’s words when every kind is off, or only a switched-off kind is asked for', () => {
    const off = flags({ INFOGRAPHIC_FIXED_TEMPLATES: 'false' });
    expect(() => templateCounts(off, {}, 10)).toThrow(ALL_TEMPLATES_OFF);
    expect(() => templateCounts(flags(), { llm_template_count: 3 }, 10)).toThrow(ALL_TEMPLATES_OFF);
  });
});

describe('variation plans', () => {
  const material = {
    ...emptyMaterial('en', 'Banana bread'),
    ingredients: ['3 bananas', '2 cups flour'],
    steps: ['Mash', 'Mix', 'Bake'],
    facts: [
      { label: 'Prep', value: '15 min' },
      { label: 'Serves', value: '8' },
    ],
    quotes: [
      { text: 'the blacker the sweeter', start: 120 },
      { text: 'better on day two', start: 200 },
    ],
    keyPoints: [
      { text: 'Use ripe bananas', start: 10 },
      { text: 'Do not overmix', start: 90 },
    ],
  };

  it('five variations show five styles and five emphases; ten pair every style with another emphasis', () => {
    const five = fixedPlans(material, 'recipe', 5);
    expect(five.map((p) => p.style)).toEqual(['modern', 'classic', 'minimal', 'vibrant', 'elegant']);
    expect(new Set(five.map((p) => p.emphasis)).size).toBe(5);
    expect(five[0]).toMatchObject({
      templateId: 'modern-recipe',
      name: 'Modern Recipe',
      variationName: 'Modern: Ingredients',
    });
    const ten = fixedPlans(material, 'recipe', 10);
    const pairs = new Set(ten.map((p) => `${p.style}/${p.emphasis}`));
    expect(pairs.size).toBe(10);
    expect(ten.map((p) => p.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a model’s design leads with the points and quote it chose, never with new text', () => {
    const [plan] = llmPlans(
      [{ style: 'vibrant', emphasis: 'quote', leadPoints: [1], quote: 1, reason: 'punchy' }],
      material,
      'recipe',
      3,
    );
    expect(plan).toMatchObject({
      index: 3,
      type: 'llm',
      style: 'vibrant',
      emphasis: 'quote',
      reason: 'punchy',
    });
    expect(plan?.data.quote?.text).toBe('better on day two');
    expect(plan?.data.points[0]?.text).toBe('Do not overmix');
    // An emphasis the content cannot fill gives way.
    const [fallback] = llmPlans(
      [{ style: 'minimal', emphasis: 'action_items', leadPoints: [], quote: null, reason: '' }],
      material,
      'recipe',
      0,
    );
    expect(fallback?.emphasis).toBe('ingredients');
  });
});

describe('keyword rules (spec §5)', () => {
  it('content type in the spec’s order, audience and context by the most matches, with fallbacks', () => {
    const recipe = suggestByKeywords(
      'Quick one-pot curry for busy weeknights: the kids love it. Toast cumin and turmeric, add the garam masala.',
      'Weeknight chicken curry recipe',
    );
    expect(recipe.contentType).toEqual({ value: 'recipe', words: ['recipe'] });
    expect(recipe.audience.value).toBe('busy_parents');
    expect(recipe.culturalContext.value).toBe('indian');
    expect(recipe.culturalContext.words).toEqual(expect.arrayContaining(['curry', 'cumin', 'turmeric']));
    const plain = suggestByKeywords('We walked along the river and talked about the week.');
    expect(plain.contentType.value).toBe('enhanced');
    expect(plain.audience).toEqual({ value: 'general', words: [] });
    expect(plain.culturalContext).toEqual({ value: 'international', words: [] });
    expect(suggestByKeywords('Step 1: the agenda').contentType.value).toBe('tutorial');
    expect(suggestByKeywords('Its features, price and benefits').contentType.value).toBe(
      'product_description',
    );
    expect(
      suggestByKeywords('A healthy, high protein, low-carb bowl with feta and olive oil').audience.value,
    ).toBe('health_enthusiasts');
  });
});
