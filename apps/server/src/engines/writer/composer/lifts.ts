import type { ContentType } from './composed-content.schema.ts';
import { type DraftSection, draftSentences } from './draft-sections.ts';
import { MARKERS } from './paragraphs.ts';
import type { Sentence } from './sentences.ts';
import { opensStep } from './tutorial-metadata.ts';

/**
 * The lead: the opening sentences of the piece, brought above its first heading (a blog post's
 * hook, a recipe's introduction, a meeting's summary). The composer cannot say a thing in other
 * words, so the lead is the speaker's own opening, taken in the order it was said: the sentences
 * that follow stay where they were, and the piece still reads in the spoken order. A clean
 * transcript and a raw one have no lead: they are the text as said, paragraph after paragraph.
 */
const HAS_LEAD: Record<ContentType, boolean> = {
  enhanced: false,
  story: false,
  blog_post: true,
  seo_optimized: true,
  raw_transcription: false,
  recipe: true,
  tutorial: true,
  meeting_notes: true,
  product_description: true,
  newsletter: true,
};

/** Below this many sentences and list items, a piece is written as it was said. */
const MIN_BODY = 4;

/** Linking words a sentence lifted out of its flow goes without ("And", "So"). */
const LINKING = new Set('and but so then also or yeah okay ok well'.split(' '));
/** Words that hang a sentence on the one before: one opening on them is not a full sentence. */
const HANGING = new Set('which who whom whose of to than with nor because plus too as'.split(' '));

/**
 * A sentence that cannot open a piece: under four words once its linking "and"/"so" are taken
 * off ("Hi everyone.", "And then."), or one that hangs on the sentence before ("Which is why…",
 * "Because of the rain.").
 */
export function isFragment(s: Sentence): boolean {
  let at = 0;
  while (at < s.words.length && LINKING.has(s.words[at] ?? '')) at++;
  return s.words.length - at < 4 || HANGING.has(s.words[at] ?? '');
}

/** A greeting ("Hi everyone, welcome back to the kitchen."): said to open, but no opening for a piece. */
export const GREETING = /^(?:hi|hello|hey|welcome|(?:good )?(?:morning|afternoon|evening))\b/;

/** The most words a greeting alone takes ("hi everyone and welcome back to the kitchen"). */
const GREETING_WORDS = 12;

/** A sentence a piece does not open on: a fragment or a greeting. */
export function poorOpening(s: Sentence): boolean {
  return isFragment(s) || GREETING.test(s.words.join(' '));
}

const isQuestion = (s: Sentence) => /[?？]$/u.test(s.text);

/** A sentence that belongs where it was said: a question, or the next item of a list or a step. */
export function tiedToPlace(s: Sentence): boolean {
  return isQuestion(s) || opensStep(s) || MARKERS.test(s.spoken.toLowerCase());
}

/**
 * The lead of a piece of this type: the first full sentences of its opening section, in the
 * order said (up to `size`); and the fragments before them (a greeting: "Hi everyone."), which
 * the piece leaves out rather than open on. No lead when the piece is too short to have one or
 * its opening is not made of full sentences.
 */
export function leadSentences(
  type: ContentType,
  drafts: readonly DraftSection[],
  size: number,
): { lead: Sentence[]; skipped: Sentence[] } {
  const running = drafts.map(draftSentences);
  const total = running.reduce((n, r) => n + r.length, 0);
  const body = drafts.reduce((n, d) => n + (d.kind === 'text' ? 0 : d.items.length), total);
  const opening = drafts.findIndex((d) => d.kind === 'text' && d.opening);
  const sentences = running[opening] ?? [];
  const first = sentences.findIndex((s) => !poorOpening(s));
  // Greetings may come first (a raw transcript keeps them); a lead that starts deep in the
  // opening would not be its lead.
  // A greeting run into what follows it ("welcome to the meeting the beta went out on monday…",
  // as a speech engine without punctuation hears it) says more than hello: it stays in the body.
  const skipped =
    type !== 'raw_transcription' && first > 0 && first <= 2
      ? sentences.slice(0, first).filter((s) => s.words.length <= GREETING_WORDS)
      : [];
  const none = { lead: [], skipped };
  // A blog post opens on its hook however short it is; the other types only with a body to follow.
  const blog = type === 'blog_post';
  // With nothing but a greeting to open on, a blog post's hook is the greeting.
  if (blog && first < 0 && sentences[0]) return { lead: [sentences[0]], skipped: [] };
  if (!HAS_LEAD[type] || (body < MIN_BODY && !blog) || first < 0 || first > 2) return none;
  const rest = blog ? Math.min(2, body - 1) : 2;
  const lead: Sentence[] = [];
  for (const s of sentences.slice(first)) {
    if (lead.length >= size || (lead.length > 0 && body - skipped.length - lead.length <= rest)) break;
    // A question makes a blog post's hook, not another type's summary.
    const hook = blog && lead.length === 0 && isQuestion(s);
    if ((tiedToPlace(s) && !hook) || s.words.length > 45) break;
    lead.push(s);
  }
  return { lead, skipped };
}
