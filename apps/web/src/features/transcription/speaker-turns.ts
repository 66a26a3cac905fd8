import type { Segment } from '@voxpress/contracts';

/** A timed segment, with its voice once speakers are detected. */
export type VoicedSegment = Segment & { speaker?: string | null; speaker_name?: string | null };

/** One speaker turn: consecutive segments of the same voice. */
export interface SpeakerTurn {
  speaker: string | null;
  name: string | null;
  start: number;
  /** Index of the turn's first segment in the transcript. */
  first: number;
  text: string;
}

/** Whether any segment carries a voice, so turns are worth showing. */
export const hasSpeakers = (segments: VoicedSegment[]): boolean => segments.some((s) => Boolean(s.speaker));

/** Consecutive segments of one voice read as one turn, in spoken order. */
export function speakerTurns(segments: VoicedSegment[]): SpeakerTurn[] {
  const turns: SpeakerTurn[] = [];
  segments.forEach((s, i) => {
    const last = turns.at(-1);
    const text = s.text.trim();
    if (last && last.speaker === (s.speaker ?? null)) {
      if (text) last.text = last.text ? `${last.text} ${text}` : text;
      return;
    }
    turns.push({ speaker: s.speaker ?? null, name: s.speaker_name ?? null, start: s.start, first: i, text });
  });
  return turns.filter((t) => t.text);
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The transcript as the editor starts it: a paragraph per speaker turn, each keeping its voice. */
export function turnsHtml(segments: VoicedSegment[]): string {
  return speakerTurns(segments)
    .map((t) => `<p${t.speaker ? ` data-speaker="${escapeHtml(t.speaker)}"` : ''}>${escapeHtml(t.text)}</p>`)
    .join('');
}

/**
 * A saved edit's HTML (already sanitised) with its speaker turns marked as the editor shows them:
 * each paragraph of a known voice edged in its colour, its name opening each turn.
 */
export function htmlWithTurns(
  html: string,
  voices: ReadonlyMap<string, { name: string; colour: string }>,
): string {
  if (!voices.size || !html.includes('data-speaker')) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  let previous: string | null = null;
  for (const block of Array.from(doc.body.children)) {
    const id = block.getAttribute('data-speaker');
    const voice = id ? voices.get(id) : undefined;
    if (voice && id) {
      (block as HTMLElement).style.borderInlineStartColor = voice.colour;
      if (id !== previous) {
        const label = doc.createElement('span');
        label.className = 'vx-turn-label';
        label.style.color = voice.colour;
        label.textContent = voice.name;
        block.prepend(label);
      }
    }
    previous = id;
  }
  return doc.body.innerHTML;
}
