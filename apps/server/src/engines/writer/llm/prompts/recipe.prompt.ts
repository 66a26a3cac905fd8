import { z } from 'zod';
import { zSegmentIds } from '../content-draft.ts';
import type { ContentTypeTemplate } from './content-type-template.ts';

/** The spec's recipe metadata; values the speaker did not give stay null. */
export const zRecipeDetails = z.object({
  prep_time: z.string().nullable(),
  cook_time: z.string().nullable(),
  servings: z.number().int().nullable(),
  difficulty: z.enum(['easy', 'medium', 'hard']).nullable(),
  cuisine: z.string().nullable(),
  ingredients: z.array(
    z.object({ item: z.string(), quantity: z.string().nullable(), segment_ids: zSegmentIds }),
  ),
  instructions: z.array(z.object({ step: z.string(), segment_ids: zSegmentIds })),
  nutrition: z.string().nullable(),
});

export const recipePrompt: ContentTypeTemplate = {
  type: 'recipe',
  version: 1,
  label: 'Recipe',
  instructions: `Write the recipe the speaker describes: a short introduction with the story or sensory details they
give, the ingredients as a bullet list, the method as numbered steps, then tips and serving ideas they mention.
Quantities, times and temperatures only as spoken; never invent one.`,
  sections: ['Introduction', 'Ingredients', 'Method', 'Tips and serving ideas'],
  details: zRecipeDetails,
  detailsGuide:
    'Fill details with the recipe fields; a time, serving count, difficulty or cuisine the speaker did not state is null.',
};
