import type { ComposedContent, GroundedText, Section } from './composed-content.schema.ts';
import { label } from './labels.ts';

/** `mm:ss` (or `h:mm:ss`) of a time in seconds. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function markdownSection(section: Section): string {
  const body = section.paragraphs.map((p, i) =>
    section.kind === 'list' ? `- ${p.text}` : section.kind === 'steps' ? `${i + 1}. ${p.text}` : p.text,
  );
  return `## ${section.heading}\n\n${body.join(section.kind === 'text' ? '\n\n' : '\n')}`;
}

const quoteLine = (q: GroundedText) => `> ${q.text}${q.start === null ? '' : ` (${clock(q.start)})`}`;

/** The piece as Markdown: title, summary, sections, key points, quotes and hashtags. */
export function renderMarkdown(content: ComposedContent): string {
  const parts = [`# ${content.title}`];
  if (content.summary) parts.push(`*${content.summary.text}*`);
  parts.push(...content.sections.map(markdownSection));
  if (content.key_points.length) {
    parts.push(
      `## ${label(content.language, 'key_points')}\n\n${content.key_points.map((k) => `- ${k.text}`).join('\n')}`,
    );
  }
  if (content.quotes.length)
    parts.push(`## ${label(content.language, 'quotes')}\n\n${content.quotes.map(quoteLine).join('\n\n')}`);
  if (content.hashtags.length) parts.push(content.hashtags.join(' '));
  return `${parts.join('\n\n')}\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Attributes that let the viewer play the recording from where a piece was said. */
function source(item: { segment_ids: number[]; start: number | null }): string {
  const start = item.start === null ? '' : ` data-start="${item.start}"`;
  return ` data-segment-ids="${item.segment_ids.join(',')}"${start}`;
}

function htmlSection(section: Section): string {
  const items = section.paragraphs.map((p) =>
    section.kind === 'text'
      ? `<p${source(p)}>${escapeHtml(p.text)}</p>`
      : `<li${source(p)}>${escapeHtml(p.text)}</li>`,
  );
  const body =
    section.kind === 'list'
      ? `<ul>${items.join('')}</ul>`
      : section.kind === 'steps'
        ? `<ol>${items.join('')}</ol>`
        : items.join('');
  return `<section><h2>${escapeHtml(section.heading)}</h2>${body}</section>`;
}

/**
 * The piece as HTML; every paragraph, list item, key point and quote carries `data-segment-ids`
 * and `data-start` (seconds) so the viewer can play its source.
 */
export function renderHtml(content: ComposedContent): string {
  const parts = [`<h1>${escapeHtml(content.title)}</h1>`];
  const { summary } = content;
  if (summary) parts.push(`<p class="summary"${source(summary)}>${escapeHtml(summary.text)}</p>`);
  parts.push(...content.sections.map(htmlSection));
  if (content.key_points.length) {
    const items = content.key_points.map((k) => `<li${source(k)}>${escapeHtml(k.text)}</li>`).join('');
    parts.push(
      `<section><h2>${escapeHtml(label(content.language, 'key_points'))}</h2><ul>${items}</ul></section>`,
    );
  }
  if (content.quotes.length) {
    const quotes = content.quotes
      .map((q) => `<blockquote${source(q)}>${escapeHtml(q.text)}</blockquote>`)
      .join('');
    parts.push(`<section><h2>${escapeHtml(label(content.language, 'quotes'))}</h2>${quotes}</section>`);
  }
  if (content.hashtags.length)
    parts.push(`<p class="hashtags">${escapeHtml(content.hashtags.join(' '))}</p>`);
  return parts.join('\n');
}

/** One block of a piece in reading order, the shape the language-model writer returns too. */
export interface ContentBlock {
  type: 'heading' | 'paragraph' | 'bullet' | 'numbered';
  text: string;
  segment_ids: number[];
}

/**
 * The summary and sections as a flat list of blocks (heading, paragraph, bullet, numbered), so
 * content from this writer and from a language model can be stored and shown alike. The key
 * points stand beside the blocks, as a model's do: they repeat sentences of the text.
 */
export function contentBlocks(content: ComposedContent): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  const { summary } = content;
  if (summary) blocks.push({ type: 'paragraph', text: summary.text, segment_ids: summary.segment_ids });
  for (const section of content.sections) {
    blocks.push({ type: 'heading', text: section.heading, segment_ids: [] });
    const type = section.kind === 'list' ? 'bullet' : section.kind === 'steps' ? 'numbered' : 'paragraph';
    for (const p of section.paragraphs) blocks.push({ type, text: p.text, segment_ids: p.segment_ids });
  }
  return blocks;
}

/** The text of the Markdown without its markup (what the spec counts words in). */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/^>\s?/gm, '')
    .replace(/^(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/[*_`]/g, '');
}

/** Spec §5: the text with markup removed, split on whitespace. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
