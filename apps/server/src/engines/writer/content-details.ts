import { type ContentBlock, type ContentDetails, countWords, zContentDetails } from '@voxpress/contracts';
import type { Section } from './composer/composed-content.schema.ts';
import { seoMetadata } from './composer/seo-metadata.ts';

/** When a passage's first segment starts (null for a written document). */
export type StartOf = (segmentIds: readonly number[]) => number | null;

type Loose = Record<string, unknown>;

const isRecord = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Loose[] => (Array.isArray(v) ? v.filter(isRecord) : []);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : [];
const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((n): n is number => Number.isInteger(n) && n >= 0) : [];

/** A value as text: a string, a number, or a grounded value (`{ value }`); null otherwise. */
function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (isRecord(v)) return text(v.value);
  return null;
}

function grounded(v: Loose, start: StartOf, field = 'text') {
  const segment_ids = ids(v.segment_ids);
  return { text: text(v[field]) ?? '', segment_ids, start: start(segment_ids) };
}

/** A plain string (a feature a model listed without sources) or a grounded passage. */
function groundedOrPlain(v: unknown, start: StartOf) {
  if (typeof v === 'string') return { text: v, segment_ids: [], start: null };
  return isRecord(v) ? grounded(v, start) : null;
}

/** The blocks as the composer's sections (a heading starts one), for the SEO figures. */
function sectionsOf(blocks: readonly ContentBlock[]): Section[] {
  const sections: Section[] = [];
  for (const b of blocks) {
    if (b.type === 'heading') {
      sections.push({ heading: b.text, kind: 'text', paragraphs: [] });
      continue;
    }
    if (!sections.length) sections.push({ heading: '', kind: 'text', paragraphs: [] });
    sections.at(-1)?.paragraphs.push({ text: b.text, segment_ids: b.segment_ids, start: b.start, end: null });
  }
  return sections.filter((s) => s.heading || s.paragraphs.length);
}

export interface DetailsSource {
  contentType: string;
  /** The engine's own details: the composer's metadata or a model's `details`. */
  raw: unknown;
  title: string;
  blocks: readonly ContentBlock[];
  keywords: readonly string[];
  start: StartOf;
}

/**
 * The content type's fields in one shape whichever engine wrote the piece. The composer and the
 * language models name some fields differently (a model's `task` is an action item's text, a
 * step may be a plain string); an SEO article or newsletter a model wrote gets its meta
 * description, slug and contents from its own blocks. Unknown or broken input gives null.
 */
export function contentDetails(source: DetailsSource): ContentDetails | null {
  const raw = isRecord(source.raw) ? source.raw : {};
  const { start } = source;
  const details = ((): unknown => {
    switch (source.contentType) {
      case 'recipe':
        return {
          content_type: 'recipe',
          dish: text(raw.dish),
          prep_time: text(raw.prep_time),
          cook_time: text(raw.cook_time),
          servings: text(raw.servings),
          difficulty: text(raw.difficulty),
          cuisine: text(raw.cuisine),
          ingredients: list(raw.ingredients).map((i) => {
            const item = text(i.item) ?? text(i.text) ?? '';
            return {
              ...grounded(i, start),
              text: text(i.text) ?? [text(i.quantity), text(i.unit), item].filter(Boolean).join(' '),
              quantity: text(i.quantity),
              unit: text(i.unit),
              item,
            };
          }),
          instructions: list(raw.instructions).map((s, n) => ({
            ...grounded(s, start, typeof s.step === 'string' ? 'step' : 'text'),
            step: typeof s.step === 'number' ? s.step : n + 1,
          })),
          nutrition: text(raw.nutrition),
        };
      case 'tutorial':
        return {
          content_type: 'tutorial',
          tutorial_steps: list(raw.tutorial_steps).map((s, n) => ({
            ...grounded(s, start),
            step: typeof s.step === 'number' ? s.step : n + 1,
            title: text(s.title),
          })),
          materials: list(raw.materials).map((m) => grounded(m, start)),
        };
      case 'meeting_notes': {
        const data = isRecord(raw.meeting_data) ? raw.meeting_data : {};
        return {
          content_type: 'meeting_notes',
          meeting_data: {
            attendees: strings(data.attendees),
            topics: strings(data.topics ?? data.agenda),
            decisions: list(data.decisions).map((d) => grounded(d, start)),
            action_items: list(data.action_items).map((a) => ({
              ...grounded(a, start, typeof a.task === 'string' ? 'task' : 'text'),
              owner: text(a.owner),
              due: text(a.due),
            })),
          },
        };
      }
      case 'product_description': {
        const data = isRecord(raw.product_data) ? raw.product_data : {};
        const items = (v: unknown) =>
          (Array.isArray(v) ? v : []).flatMap((x) => groundedOrPlain(x, start) ?? []).filter((x) => x.text);
        return {
          content_type: 'product_description',
          product_data: {
            name: text(data.name),
            features: items(data.features),
            benefits: items(data.benefits),
            price: text(data.price),
          },
        };
      }
      case 'seo_optimized': {
        if (typeof raw.meta_description === 'string') return { ...raw, content_type: 'seo_optimized' };
        const sections = sectionsOf(source.blocks);
        const paragraphs = source.blocks.filter((b) => b.type === 'paragraph').map((b) => b.text);
        const body = source.blocks.map((b) => b.text).join('\n\n');
        const seo = seoMetadata({
          title: source.title,
          sections,
          keywords: [...source.keywords],
          focus: source.keywords[0] ?? null,
          descriptionCandidates: paragraphs.length ? paragraphs : [source.title],
          body,
          bodyWords: countWords(body),
        });
        // Text before the first heading is a section without one.
        return { ...seo, headings: seo.headings.filter(Boolean) };
      }
      case 'newsletter':
        return {
          content_type: 'newsletter',
          in_this_issue: Array.isArray(raw.in_this_issue)
            ? strings(raw.in_this_issue)
            : source.blocks.filter((b) => b.type === 'heading').map((b) => b.text),
        };
      default:
        return null;
    }
  })();
  if (details === null) return null;
  const parsed = zContentDetails.safeParse(details);
  return parsed.success ? parsed.data : null;
}
