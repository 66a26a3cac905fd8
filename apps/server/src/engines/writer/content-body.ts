import type { ContentBlock, ContentBody, GroundedItem, Segment } from '@voxpress/contracts';
import type { ComposedContent, Paragraph } from './composer/index.ts';
import { blocksToMarkdown } from './llm/content-text.ts';
import type { WrittenContent } from './llm/llm.writer.ts';

/** Words in the text with markup removed, split on whitespace (spec §5). */
export function countBodyWords(text: string): number {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/[#*_>`[\]()-]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** A body from its blocks: the Markdown text and the word count follow from them. */
export function bodyFrom(parts: Omit<ContentBody, 'text' | 'word_count'>): ContentBody {
  const text = blocksToMarkdown(
    parts.blocks.map((b) => ({ ...b, type: b.type === 'quote' ? 'paragraph' : b.type })),
  );
  return { ...parts, text, word_count: countBodyWords(text) };
}

/** The composer's sections as blocks: each section's heading, then its paragraphs as text, list or steps. */
export function fromComposed(piece: ComposedContent, timed: boolean): ContentBody {
  const at = (p: { segment_ids: number[]; start: number | null }) => ({
    segment_ids: p.segment_ids,
    start: timed ? p.start : null,
  });
  const blocks: ContentBlock[] = [];
  if (piece.summary) blocks.push({ type: 'paragraph', text: piece.summary.text, ...at(piece.summary) });
  for (const section of piece.sections) {
    if (section.heading)
      blocks.push({ type: 'heading', text: section.heading, segment_ids: [], start: null });
    const type = section.kind === 'list' ? 'bullet' : section.kind === 'steps' ? 'numbered' : 'paragraph';
    for (const p of section.paragraphs as Paragraph[]) blocks.push({ type, text: p.text, ...at(p) });
  }
  const item = (g: { text: string; segment_ids: number[]; start: number | null }): GroundedItem => ({
    text: g.text,
    ...at(g),
  });
  return bodyFrom({
    title: piece.title,
    blocks,
    key_points: piece.key_points.map(item),
    quotes: piece.quotes.map(item),
    keywords: piece.keywords,
    details: piece.metadata,
  });
}

/** A language model's piece: segment ids become times through the source's segments. */
export function fromLlm(piece: WrittenContent, segments: readonly Segment[], timed: boolean): ContentBody {
  const start = (ids: readonly number[]) => {
    if (!timed) return null;
    const first = ids.length ? Math.min(...ids) : undefined;
    return first === undefined ? null : (segments[first]?.start ?? null);
  };
  return bodyFrom({
    title: piece.title,
    blocks: piece.blocks.map((b) => ({ ...b, start: start(b.segment_ids) })),
    key_points: piece.key_points.map((k) => ({ ...k, start: start(k.segment_ids) })),
    quotes: piece.quotes.map((q) => ({ ...q, start: start(q.segment_ids) })),
    keywords: [],
    details: piece.details,
  });
}
