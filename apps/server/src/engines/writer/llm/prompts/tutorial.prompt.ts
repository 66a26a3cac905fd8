import { z } from 'zod';
import { zSegmentIds } from '../content-draft.ts';
import type { ContentTypeTemplate } from './content-type-template.ts';

export const zTutorialDetails = z.object({
  tutorial_steps: z.array(z.object({ title: z.string(), text: z.string(), segment_ids: zSegmentIds })),
});

export const tutorialPrompt: ContentTypeTemplate = {
  type: 'tutorial',
  version: 1,
  label: 'Tutorial',
  instructions: `Write a step-by-step tutorial: what the reader will achieve and need, then numbered steps in the
order the speaker gave them, each with what to do and what to check, then common mistakes they warned about.`,
  sections: ['What you will need', 'Steps', 'Common mistakes'],
  details: zTutorialDetails,
  detailsGuide: 'Fill details.tutorial_steps with one entry per step, citing the lines that describe it.',
};
