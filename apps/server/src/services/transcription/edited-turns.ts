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
  const blocks = voicedBlocks(source);
  if (!blocks) return null;
  const names = voiceNames(source);
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

interface VoicedBlock {
  speaker: string | null;
  text: string;
}

/** The edit's non-empty blocks with the voice each keeps, or null when it keeps none. */
function voicedBlocks(source: TranscriptSource): VoicedBlock[] | null {
  const html = source.html;
  if (!source.edited || !html?.includes('data-speaker=')) return null;
  const blocks = [...html.matchAll(BLOCK)]
    .map((m) => ({ speaker: /data-speaker="(S\d+)"/.exec(m[2] ?? '')?.[1] ?? null, text: plain(m[3] ?? '') }))
    .filter((b) => b.text);
  return blocks.length ? blocks : null;
}

/** Each voice's name, as the segments carry it. */
function voiceNames(source: TranscriptSource): Map<string, string> {
  return new Map(
    source.segments.flatMap((s) => (s.speaker && s.speaker_name ? [[s.speaker, s.speaker_name]] : [])),
  );
}

/** How far past where the previous paragraph ended the next one is looked for in the edit's blocks. */
const SEARCH_WINDOW = 2000;

/**
 * The speaker's name for each paragraph (line) of the edit's text, from the voice its block keeps in
 * the editor; a block without a voice goes on with the one before, as in `editedTurns`. Each line is
 * found in the blocks' text in order, so a block broken over several lines gives them all its voice;
 * a line not found there goes on with the voice before. '' where no name is known. Null when the
 * edit keeps no voices. Linear in the text's length.
 */
export function editedParagraphVoices(
  source: TranscriptSource,
  paragraphs: readonly string[],
): string[] | null {
  const blocks = voicedBlocks(source);
  if (!blocks) return null;
  const names = voiceNames(source);
  const starts: number[] = [];
  const voices: (string | null)[] = [];
  let previous: string | null = null;
  let joined = '';
  for (const block of blocks) {
    previous = block.speaker ?? previous;
    starts.push(joined.length);
    voices.push(previous);
    joined += `${block.text}\n`;
  }
  let cursor = 0;
  let b = 0;
  let name = '';
  return paragraphs.map((paragraph) => {
    const text = paragraph.replace(/\s+/g, ' ').trim();
    const found = text ? joined.slice(cursor, cursor + text.length + SEARCH_WINDOW).indexOf(text) : -1;
    if (found >= 0) {
      const at = cursor + found;
      while (b + 1 < starts.length && (starts[b + 1] as number) <= at) b++;
      const speaker = voices[b];
      name = (speaker && names.get(speaker)) ?? '';
      cursor = at + text.length;
    }
    return name;
  });
}
