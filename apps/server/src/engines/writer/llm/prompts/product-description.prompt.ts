import { z } from 'zod';
import type { ContentTypeTemplate } from './content-type-template.ts';

export const zProductDetails = z.object({
  product_data: z.object({
    name: z.string().nullable(),
    features: z.array(z.string()),
    benefits: z.array(z.string()),
    price: z.string().nullable(),
    audience: z.string().nullable(),
  }),
});

export const productDescriptionPrompt: ContentTypeTemplate = {
  type: 'product_description',
  version: 1,
  label: 'Product description',
  instructions: `Write a product description: a one-line pitch, a paragraph on who it is for and the problem it solves,
features as bullets, each followed by the benefit the speaker gave, and price or availability only if spoken.`,
  sections: ['Pitch', 'Who it is for', 'Features and benefits'],
  details: zProductDetails,
  detailsGuide: 'Fill details.product_data; a name, price or audience the speaker did not give is null.',
};
