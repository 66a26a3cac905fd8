import type { z } from 'zod';
import type { Section, zSeoMetadata } from './composed-content.schema.ts';

type SeoMetadata = z.infer<typeof zSeoMetadata>;

const META_MAX = 160;

/** A URL slug of the title: lower case, letters and digits of any script, hyphens between words. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * The description search engines show: the first of the candidate sentences that fits in 160
 * characters, else the first one cut at a word boundary (marked with an ellipsis).
 */
export function metaDescription(candidates: string[]): string {
  const fits = candidates.find((c) => c.length <= META_MAX);
  if (fits) return fits;
  const first = candidates[0] ?? '';
  const cut = first.slice(0, META_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:]+$/, '')}…`;
}

function occurrences(text: string, keyword: string): number {
  const escaped = keyword.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (text.toLowerCase().match(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu')) ?? [])
    .length;
}

/** Meta description, slug, headings and how the keywords are used in title, opening and body. */
export function seoMetadata(input: {
  title: string;
  sections: Section[];
  keywords: string[];
  focus: string | null;
  descriptionCandidates: string[];
  body: string;
  bodyWords: number;
  /** The first paragraph, when it stands above the sections (a lead). */
  opening?: string;
}): SeoMetadata {
  const headings = input.sections.map((s) => s.heading);
  const opening = input.opening ?? input.sections[0]?.paragraphs[0]?.text ?? '';
  return {
    content_type: 'seo_optimized',
    meta_description: metaDescription(input.descriptionCandidates),
    slug: slugify(input.title),
    headings,
    focus_keyword: input.focus,
    keyword_use: input.keywords.map((keyword) => {
      const count = occurrences(input.body, keyword);
      return {
        keyword,
        count,
        density: input.bodyWords ? Math.round((count / input.bodyWords) * 10_000) / 100 : 0,
        in_title: occurrences(input.title, keyword) > 0,
        in_first_paragraph: occurrences(opening, keyword) > 0,
        in_headings: headings.some((h) => occurrences(h, keyword) > 0),
      };
    }),
  };
}
