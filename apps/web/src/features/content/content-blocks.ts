import type { ContentBlock } from '@voxpress/contracts';

/** Blocks as they are laid out: a list groups the bullet or numbered items that follow each other. */
export type LaidOut =
  | { kind: 'heading' | 'paragraph' | 'quote'; block: ContentBlock; index: number }
  | { kind: 'bullet' | 'numbered'; items: { block: ContentBlock; index: number }[] };

export function layOut(blocks: readonly ContentBlock[]): LaidOut[] {
  const out: LaidOut[] = [];
  blocks.forEach((block, index) => {
    if (block.type === 'bullet' || block.type === 'numbered') {
      const last = out.at(-1);
      if (last && last.kind === block.type) last.items.push({ block, index });
      else out.push({ kind: block.type, items: [{ block, index }] });
      return;
    }
    out.push({ kind: block.type, block, index });
  });
  return out;
}

/** Markdown emphasis a writer may leave in a block's text, shown as plain words. */
export function plainText(text: string): string {
  return text.replace(/(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\1/g, '$2');
}

/**
 * The block the recording is at: the last grounded block that starts at or before `time`. -1 before
 * playback starts, for an untimed source, or before the first block's time.
 */
export function blockAt(blocks: readonly ContentBlock[], time: number): number {
  if (time <= 0) return -1;
  let at = -1;
  let latest = -1;
  blocks.forEach((b, i) => {
    if (b.start !== null && b.start <= time && b.start >= latest) {
      at = i;
      latest = b.start;
    }
  });
  return at;
}
