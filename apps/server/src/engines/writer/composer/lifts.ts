import type { ContentType } from './composed-content.schema.ts';
import { type DraftSection, draftSentences } from './draft-sections.ts';
import { MARKERS } from './paragraphs.ts';
import type { Sentence } from './sentences.ts';
import { opensStep } from './tutorial-metadata.ts';

/**
 * Where a content type puts sentences besides its sections. The composer cannot say a thing in
 * other words, so a sentence in the lead or the key points leaves the running text: every sentence
 * is written once, and moves only a little, so the text still reads in the order it was said.
 * - lead: the sentences of the opening section that say what the piece is about, brought above
 *   its first heading (a blog post's hook, a recipe's introduction, a meeting's summary).
 * - key points: the takeaways the speaker closes with, as a list after the closing section, for
 *   the types whose readers expect them (a blog post's takeaway, a search article's key takeaways).
 * A story is told in order and a raw transcription word for word: nothing is lifted out of them.
 */
const LIFTS: Record<ContentType, { lead: boolean; keyPoints: boolean }> = {
  enhanced: { lead: true, keyPoints: false },
  story: { lead: false, keyPoints: false },
  blog_post: { lead: true, keyPoints: true },
  seo_optimized: { lead: true, keyPoints: true },
  raw_transcription: { lead: false, keyPoints: false },
  recipe: { lead: true, keyPoints: false },
  tutorial: { lead: true, keyPoints: false },
  meeting_notes: { lead: true, keyPoints: false },
  product_description: { lead: true, keyPoints: false },
  newsletter: { lead: true, keyPoints: false },
};

/** Below this many sentences and list items, a piece is written as it was said. */
const MIN_BODY = 4;
/** One key point for every this many sentences of running text, up to three. */
const SENTENCES_PER_KEY_POINT = 5;
const MAX_KEY_POINTS = 3;

export interface Lifted {
  lead: Sentence[];
  keyPoints: Sentence[];
}

const isQuestion = (s: Sentence) => /[?？]$/u.test(s.text);

/** A sentence that belongs where it was said: a question, or the next item of a list or a step. */
function tiedToPlace(s: Sentence): boolean {
  return isQuestion(s) || opensStep(s) || MARKERS.test(s.spoken.toLowerCase());
}

const ranked = (sentences: Sentence[], scores: number[]) =>
  [...sentences].sort((a, b) => (scores[b.index] ?? 0) - (scores[a.index] ?? 0) || a.index - b.index);

const inOrder = (sentences: Sentence[]) => [...sentences].sort((a, b) => a.index - b.index);

/**
 * The lead (from the opening section, by `leadScores`) and the key points (from the closing
 * section, by `keyScores`) of a piece of this type. The closing section keeps its first sentence
 * and at least half of the others; the sections keep at least two sentences or items in all.
 */
export function liftSentences(
  type: ContentType,
  drafts: readonly DraftSection[],
  options: { leadScores: number[]; keyScores: number[]; leadSize: number },
): Lifted {
  const running = drafts.map(draftSentences);
  const total = running.reduce((n, r) => n + r.length, 0);
  const body = drafts.reduce((n, d) => n + (d.kind === 'text' ? 0 : d.items.length), total);
  const policy = LIFTS[type];
  if (body < MIN_BODY) return { lead: [], keyPoints: [] };
  const lead: Sentence[] = [];
  const opening = drafts.findIndex((d) => d.kind === 'text' && d.opening);
  if (policy.lead && opening >= 0) {
    const candidates = (running[opening] ?? []).filter(
      (s) =>
        !tiedToPlace(s) &&
        s.words.length >= 8 &&
        s.words.length <= 40 &&
        (options.leadScores[s.index] ?? 0) > 0,
    );
    for (const s of ranked(candidates, options.leadScores)) {
      if (lead.length >= options.leadSize || body - lead.length <= 2) break;
      lead.push(s);
    }
  }
  const keyPoints: Sentence[] = [];
  const closing = drafts.findLastIndex((d) => d.kind === 'text');
  if (policy.keyPoints && closing >= 0) {
    const taken = new Set(lead.map((s) => s.index));
    const [first, ...rest] = (running[closing] ?? []).filter((s) => !taken.has(s.index));
    const wanted = Math.min(
      MAX_KEY_POINTS,
      Math.floor(total / SENTENCES_PER_KEY_POINT),
      Math.floor(rest.length / 2),
      body - lead.length - 2,
    );
    const candidates = rest.filter(
      (s) =>
        !tiedToPlace(s) &&
        s.words.length >= 5 &&
        s.words.length <= 35 &&
        (options.keyScores[s.index] ?? 0) > 0,
    );
    if (first) keyPoints.push(...ranked(candidates, options.keyScores).slice(0, Math.max(0, wanted)));
  }
  return { lead: inOrder(lead), keyPoints: inOrder(keyPoints) };
}
