import { editedLayout } from './edited-layout.ts';
import type { TranscriptSource } from './subtitles.ts';

/** A speaker turn of the user's edit: the voice's name, when it starts (if known), its paragraphs. */
export interface EditedTurn {
  name: string;
  start: number | null;
  text: string;
}

/** The edit's blocks as the editor stores them (sanitised: no attribute holds a `>`). */
const BLOCK = /<(p|h[1-3]|li|pre|blockquote)\b([^>]*)>([\s\S]*?)<\/\1>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

function plain(html: string): string {
  return html
    .replace(/<br\s*\/?>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The user's edit as speaker turns, from the voices its paragraphs keep in the editor
 * (`data-speaker`): consecutive paragraphs of one voice are one turn, a paragraph without a voice
 * goes on with the one before. A turn starts when its first paragraph's words were heard, found by
 * laying the edit against the segments; when the edit's paragraphs cannot be matched one to one,
 * no time is given rather than a wrong one. Null when the edit keeps no voices.
 */
export function editedTurns(source: TranscriptSource): EditedTurn[] | null {
  const html = source.html;
  if (!source.edited || !html?.includes('data-speaker=')) return null;
  const names = new Map(
    source.segments.flatMap((s) => (s.speaker && s.speaker_name ? [[s.speaker, s.speaker_name]] : [])),
  );
  const blocks = [...html.matchAll(BLOCK)]
    .map((m) => ({ speaker: /data-speaker="(S\d+)"/.exec(m[2] ?? '')?.[1] ?? null, text: plain(m[3] ?? '') }))
    .filter((b) => b.text);
  if (!blocks.length) return null;
  const layout = editedLayout(source.segments, source.language, source.text);
  const timed = layout.length === blocks.length;
  const turns: EditedTurn[] = [];
  let previous: string | null = null;
  blocks.forEach((block, i) => {
    const speaker = block.speaker ?? previous;
    const last = turns.at(-1);
    if (last && speaker === previous) last.text = `${last.text}\n${block.text}`;
    else
      turns.push({
        name: (speaker && names.get(speaker)) ?? '',
        start: timed ? (layout[i]?.start ?? null) : null,
        text: block.text,
      });
    previous = speaker;
  });
  return turns;
}
