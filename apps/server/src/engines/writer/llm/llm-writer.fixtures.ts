import { type ChatBody, promptSegments, userText } from '../../../../test/fake-llm-servers.ts';
import type { SourceSegment } from './transcript-lines.ts';

/** A short talk with timings, as the speech engines give it. */
export const TALK: SourceSegment[] = [
  { id: 0, start: 0, text: 'Good morning, today I want to talk about baking bread at home.' },
  { id: 1, start: 4.2, text: 'The secret is a long, slow rise in a cool kitchen.' },
  { id: 2, start: 9.8, text: "Don't rush it — patience makes the crumb open and light." },
  { id: 3, start: 15.1, text: 'Use five hundred grams of flour and three hundred and fifty of water.' },
  { id: 4, start: 21.7, text: 'Bake it hot, at two hundred and thirty degrees, for forty minutes.' },
  { id: 5, start: 3725, text: 'And that is really all there is to it.' },
];

/**
 * A well-behaved model's answer to a writing prompt: one paragraph per transcript line it was
 * given, citing that line, a heading, one true quote, and whatever `extra` overrides.
 */
export function draftFor(body: ChatBody, extra: Record<string, unknown> = {}): string {
  const lines = promptSegments(userText(body));
  return JSON.stringify({
    title: 'Slow bread at home',
    blocks: [
      { type: 'heading', text: 'Why slow', segment_ids: [] },
      ...lines.map((l) => ({ type: 'paragraph', text: `Paraphrase of: ${l.text}`, segment_ids: [l.id] })),
    ],
    key_points: lines.slice(0, 1).map((l) => ({ text: `What line ${l.id} teaches`, segment_ids: [l.id] })),
    quotes: [],
    details: null,
    ...extra,
  });
}
