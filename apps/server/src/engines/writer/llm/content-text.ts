import type { ContentBlock } from './content-draft.ts';

/** The blocks as Markdown: `##` headings, `-` and `1.` lists, paragraphs a blank line apart. */
export function blocksToMarkdown(blocks: readonly ContentBlock[]): string {
  const out: string[] = [];
  let number = 0;
  let previous: ContentBlock['type'] | null = null;
  for (const block of blocks) {
    const text = block.text.trim();
    if (!text) continue;
    number = block.type === 'numbered' ? (previous === 'numbered' ? number + 1 : 1) : 0;
    const line =
      block.type === 'heading'
        ? `## ${text}`
        : block.type === 'bullet'
          ? `- ${text}`
          : block.type === 'numbered'
            ? `${number}. ${text}`
            : text;
    // Items of one list sit on consecutive lines; everything else is a paragraph of its own.
    const sameList = previous === block.type && (block.type === 'bullet' || block.type === 'numbered');
    out.push(sameList ? `\n${line}` : `${out.length ? '\n\n' : ''}${line}`);
    previous = block.type;
  }
  return out.join('');
}

/** Words in the text without markup, split on whitespace (the spec's word count). */
export function wordCount(blocks: readonly ContentBlock[]): number {
  return blocks
    .map((b) => b.text)
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
}
