import { z } from 'zod';

/**
 * How one content type is written: a versioned prompt template. The version is stored with every
 * piece written from it, so a changed prompt can be told apart from a changed model.
 */
export interface ContentTypeTemplate {
  /** `blog_post`, `recipe`...; for a user's own type, `custom:<slug>`. */
  type: string;
  /** Bumped whenever the instructions or sections change. */
  version: number;
  label: string;
  /** What to write, for whom and in what tone. */
  instructions: string;
  /** Headings the piece uses, in order (a guide, not a cage: the model may leave one out). */
  sections: readonly string[];
  /** Type-specific structured fields (a recipe's ingredients...); null when the type has none. */
  details: z.ZodType | null;
  /** How to fill `details`, when there are any. */
  detailsGuide?: string;
}

/** A user's own content type: a name, what to write, and its sections. */
export const zCustomContentType = z.object({
  name: z.string().trim().min(1).max(60),
  instructions: z.string().trim().min(1).max(2000),
  sections: z.array(z.string().trim().min(1).max(80)).max(12).default([]),
});
export type CustomContentType = z.input<typeof zCustomContentType>;

/** The template for a user-defined type (validated: the name and instructions are required). */
export function customContentType(input: CustomContentType): ContentTypeTemplate {
  const custom = zCustomContentType.parse(input);
  const slug = custom.name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
  return {
    type: `custom:${slug || 'type'}`,
    version: 1,
    label: custom.name,
    instructions: `Write a "${custom.name}". The author's instructions for this type:\n${custom.instructions}`,
    sections: custom.sections,
    details: null,
  };
}
