import { guessContentType } from '@voxpress/contracts';
import {
  type ComposedContent,
  type ComposeRequest,
  type ContentType,
  type GroundedText,
  zComposedContent,
} from './composed-content.schema.ts';
import { writeSections } from './draft-sections.ts';
import { englishPartsOfSpeech } from './english-nlp.ts';
import { grounded, paragraphOf } from './grounding.ts';
import { keyPointSentences } from './key-points.ts';
import { distinctPhrases, hashtag, headingCase, keyPhrases, saidOnce } from './keywords.ts';
import { baseLanguage, stopwords, writesWithoutSpaces } from './language.ts';
import { GREETING, isFragment, leadSentences, poorOpening } from './lifts.ts';
import { countWords, plainText, renderMarkdown } from './render.ts';
import { type Sentence, transcriptSentences } from './sentences.ts';
import { seoMetadata } from './seo-metadata.ts';
import { rankSentences } from './text-rank.ts';
import { typedParts } from './type-sections.ts';

// Sentences that say nothing on their own ("Okay.", "Yeah, right.").
const EMPTY = new Set([
  'yeah',
  'yes',
  'okay',
  'ok',
  'alright',
  'right',
  'so',
  'anyway',
  'um',
  'uh',
  'well',
  'hmm',
]);
const QUOTABLE =
  /\b(?:i think|i believe|i guess|honestly|the (?:big|key|main|real|only|best) (?:lesson|thing|secret|reason|part)|always|never|the best|the most|worth it|changed)\b/;
const TITLE_PATTERNS: Partial<Record<ContentType, RegExp>> = {
  tutorial: /\b(how to (?:\w+\s+){1,7}?\w+)(?=\s+(?:in|on your|with|using|without|so|and|for)\b|$)/,
  meeting_notes:
    /\b((?:weekly |monthly |daily |team |product |project |planning |board |sales )+(?:meeting|sync|stand-?up|review|retro))\b/,
};

/** The sentences to write from, numbered anew; names given capitals (they come lower case from some engines). */
function usableSentences(all: Sentence[], keepEverything: boolean): Sentence[] {
  return all
    .filter((s) => s.text && (keepEverything || !s.words.every((w) => EMPTY.has(w))))
    .map((s, index) => ({ ...s, index }));
}

function capitaliseNames(sentences: Sentence[], names: string[]): Sentence[] {
  if (names.length === 0) return sentences;
  const alternatives = names.map((n) => n.toLowerCase()).join('|');
  const pattern = new RegExp(`\\b(${alternatives})\\b`, 'g');
  // A list of names said without pauses ("Sarah Tom Priya and me Daniel") gets its commas back.
  const listed = new RegExp(`\\b(${names.join('|')}|me) (?=(?:${names.join('|')})\\b)`, 'g');
  // Someone addressed by name before a question: "Sarah, where are we".
  const addressed = new RegExp(
    `^(${names.join('|')}) (?=(?:where|what|how|why|when|can you|could you|would you|do you|did you)\\b)`,
  );
  return sentences.map((s) => ({
    ...s,
    text: s.text
      .replace(pattern, (n) => n[0]?.toUpperCase() + n.slice(1))
      .replace(listed, '$1, ')
      .replace(addressed, '$1, '),
  }));
}

/** Words of a title cut from a long opening sentence. */
const TITLE_MAX_WORDS = 9;
/** A first clause up to this long is the title whole. */
const TITLE_WHOLE_CLAUSE = 12;
/** English words a long opening is cut before, for a title. */
const TITLE_BREAKS = new Set('from of in for with at on by to which that because while when'.split(' '));

/**
 * The opening words of the first full sentence, as a title: up to its first clause break or
 * about nine words, without trailing small words, in the sentence's own case.
 */
export function openingTitle(sentences: readonly Sentence[], language: string): string {
  // "Morning everyone, let's start the design review": the words after a greeting say what it is.
  const afterGreeting = (s: Sentence) => {
    const rest = s.text
      .split(/[,;:]\s+/u)
      .slice(1)
      .join(', ');
    const says = GREETING.test(s.words.join(' ')) && rest.split(/\s+/).length >= 3;
    return says && !GREETING.test(rest.toLowerCase()) ? rest : null;
  };
  const first = sentences.find((s) => !isFragment(s) && (!poorOpening(s) || afterGreeting(s)));
  const opening = first ? (afterGreeting(first) ?? first.text) : (sentences[0]?.text ?? '');
  if (!opening) return '';
  const text = standalone(opening).replace(/[.!?\u3002\uff01\uff1f\u0964]+$/u, '');
  if (writesWithoutSpaces(language)) {
    const clause = text.split(/[，、,；;：:]/u)[0] ?? text;
    return [...clause].slice(0, 24).join('');
  }
  const clause = text.split(/[,;:\u2013\u2014]\s/u)[0] ?? text;
  // A clause of a word or two ("So, …", "Hi everyone, …") says too little: the sentence goes on.
  const words = (clause.split(/\s+/).length >= 4 ? clause : text).split(/\s+/).filter(Boolean);
  if (words.length <= TITLE_WHOLE_CLAUSE) {
    // A question asked whole keeps its mark: "Grace, can you walk us through the new screens?"
    const asked = words.length === text.split(/\s+/).length && /[?？]$/u.test(opening);
    return words.join(' ').replace(/[,;:]+$/u, '') + (asked ? '?' : '');
  }
  const bare = (w: string) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '');
  // Before a phrase that only adds where or whose: "Today I'm making baking powder biscuits | from …".
  const before = words.findLastIndex((w, i) => i >= 4 && i <= TITLE_MAX_WORDS && TITLE_BREAKS.has(bare(w)));
  const cut = words.slice(0, before > 0 ? before : TITLE_MAX_WORDS);
  // Cut short, the title ends on a name of a thing ("… our fathers"), not a small word or a verb.
  const english = baseLanguage(language) === 'en';
  const pos = english ? englishPartsOfSpeech(cut.join(' ')) : null;
  const small = stopwords(language);
  const ends = (w: string) =>
    pos ? ['NOUN', 'PROPN'].includes(pos.get(bare(w)) ?? '') : !small.has(bare(w));
  while (cut.length > 3 && !ends(cut.at(-1) ?? '')) cut.pop();
  return cut.join(' ').replace(/[,;:]+$/u, '');
}

/**
 * The title: the one the user asked for; else the name the speaker gave the thing itself (the
 * dish of a single recipe, "how to fix a flat tire", "the weekly product meeting"); else the
 * item's own title; else the opening words of the first full sentence. Never made of keywords.
 */
function makeTitle(
  request: ComposeRequest,
  type: ContentType,
  sentences: Sentence[],
  dish: string | null,
): string {
  const given = request.title?.trim();
  if (given) return given;
  const language = request.language;
  if (dish) return headingCase(dish, language);
  const pattern = TITLE_PATTERNS[type];
  if (pattern && baseLanguage(language) === 'en') {
    for (const s of sentences) {
      const match = pattern.exec(s.words.join(' '));
      if (match?.[1]) return headingCase(match[1], language);
    }
  }
  const item = request.source_title?.trim();
  if (item) return item;
  return openingTitle(sentences, language);
}

function quotes(sentences: Sentence[], scores: number[], taken: Set<number>): GroundedText[] {
  const candidates = sentences.filter(
    (s) => s.words.length >= 8 && s.words.length <= 30 && !taken.has(s.index),
  );
  const score = (s: Sentence) => (scores[s.index] ?? 0) * (QUOTABLE.test(s.words.join(' ')) ? 3 : 1);
  return candidates
    .sort((a, b) => score(b) - score(a) || a.index - b.index)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index)
    .map((s) => grounded([s], standalone(s.text)));
}

function questionsOf(sentences: Sentence[]): number[] {
  return sentences.filter((s) => /[?？]$/u.test(s.text)).map((s) => s.index);
}

/** A sentence lifted out of its flow: without the "And"/"So" that tied it to the one before. */
function standalone(text: string): string {
  const trimmed = text.replace(/^(?:(?:and|so|but|or|also|then|yeah|okay|ok)\b[,]?\s+)+/i, '');
  return trimmed.length > 0 ? trimmed.replace(/^\p{Ll}/u, (c) => c.toUpperCase()) : text;
}

/**
 * Writes a piece from a transcript without a language model: offline, deterministic and fast.
 * Every sentence it outputs is one the speaker said (fillers and false starts removed, capitals
 * and punctuation restored) and carries the segments it was heard in.
 */
export function composeContent(request: ComposeRequest): ComposedContent {
  const { language } = request;
  const raw = request.content_type === 'raw_transcription';
  let sentences = usableSentences(transcriptSentences(request.segments, language, request.text), raw);
  if (raw) sentences = sentences.map((s) => ({ ...s, text: s.spoken }));
  const type =
    request.content_type ?? guessContentType(sentences.map((s) => s.text).join(' '), request.title);
  const phrases = keyPhrases(sentences, language, true);
  const scores = rankSentences(sentences, language);
  let parts = typedParts(type, { sentences, language });
  if (parts.names.length) {
    sentences = capitaliseNames(sentences, parts.names);
    parts = typedParts(type, { sentences, language });
  }
  const joiner = writesWithoutSpaces(language) ? '' : ' ';
  const dish =
    parts.metadata.content_type === 'recipe'
      ? parts.metadata.dish
      : parts.metadata.content_type === 'product_description'
        ? parts.metadata.product_data.name
        : null;
  // Names are not topics; the dish leads a recipe's keywords, so its words are not repeated alone.
  const skip = new Set([...parts.names.map((n) => n.toLowerCase()), ...(dish?.split(' ') ?? [])]);
  const topics = distinctPhrases(
    phrases.filter((p) => !saidOnce(p) && !p.words.some((w) => skip.has(w))),
    8,
  ).map((p) => p.text);
  const given = (request.keywords ?? []).map((k) => k.trim()).filter(Boolean);
  const keywords = [...new Set([...given, ...(dish ? [dish] : []), ...topics])].slice(0, 10);
  const hashtags = [...new Set(keywords.slice(0, 6).map(hashtag).filter(Boolean))];
  const title = makeTitle(request, type, sentences, (parts.dishes ?? 0) > 1 ? null : dish);
  // The lead is the speaker's opening, in order; it leaves the opening section, and so do the
  // greetings before it.
  const { lead, skipped } = leadSentences(type, parts.drafts, sentences.length >= 30 ? 3 : 2);
  const taken = new Set([...lead, ...skipped].map((s) => s.index));
  const written = writeSections(parts.drafts, taken, phrases, language);
  if (parts.metadata.content_type === 'meeting_notes' && parts.metadata.meeting_data.topics.length === 0)
    parts.metadata.meeting_data.topics = written.topics;
  const keyPoints = keyPointSentences(type, sentences, scores, {
    first: parts.keyFirst ?? [],
    avoid: new Set(parts.listed ?? []),
    never: taken,
  });
  const content: ComposedContent = {
    content_type: type,
    language,
    title,
    summary: lead.length ? paragraphOf(lead, joiner, lead.map((s) => standalone(s.text)).join(joiner)) : null,
    sections: written.sections,
    key_points: keyPoints.map((s) => grounded([s], standalone(s.text))),
    // Questions do not stand alone as quotes, nor does a sentence already lifted beside the text.
    quotes: raw
      ? []
      : quotes(
          sentences,
          scores,
          new Set([
            ...taken,
            ...keyPoints.map((s) => s.index),
            ...(parts.listed ?? []),
            ...questionsOf(sentences),
          ]),
        ),
    keywords,
    hashtags,
    metadata: parts.metadata,
    word_count: 0,
  };
  content.metadata = finalMetadata(type, content, request, sentences, scores);
  content.word_count = countWords(plainText(renderMarkdown(content)));
  return zComposedContent.parse(content);
}

function finalMetadata(
  type: ContentType,
  content: ComposedContent,
  request: ComposeRequest,
  sentences: Sentence[],
  scores: number[],
): ComposedContent['metadata'] {
  switch (type) {
    case 'seo_optimized': {
      // The whole text: the lead and the sections (the key points repeat sentences of them).
      const body = [
        ...(content.summary ? [content.summary.text] : []),
        ...content.sections.flatMap((s) => s.paragraphs.map((p) => p.text)),
      ].join('\n');
      const ranked = [...sentences].sort(
        (a, b) => (scores[b.index] ?? 0) - (scores[a.index] ?? 0) || a.index - b.index,
      );
      return seoMetadata({
        title: content.title,
        sections: content.sections,
        keywords: content.keywords.slice(0, 6),
        focus: request.keywords?.[0]?.trim() || content.keywords[0] || null,
        descriptionCandidates: [
          ...(content.summary ? [content.summary.text.split(/(?<=[.!?])\s/)[0] ?? ''] : []),
          ...ranked.map((s) => s.text),
        ],
        body,
        bodyWords: countWords(body),
        ...(content.summary ? { opening: content.summary.text } : {}),
      });
    }
    case 'newsletter':
      return { content_type: 'newsletter', in_this_issue: content.sections.map((s) => s.heading) };
    case 'enhanced':
    case 'story':
    case 'blog_post':
    case 'raw_transcription':
      return { content_type: type };
    case 'recipe':
    case 'tutorial':
    case 'meeting_notes':
    case 'product_description':
      return content.metadata;
  }
}
