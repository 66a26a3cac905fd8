import { guessContentType } from '@voxpress/contracts';
import {
  type ComposedContent,
  type ComposeRequest,
  type ContentType,
  type GroundedText,
  zComposedContent,
} from './composed-content.schema.ts';
import { writeSections } from './draft-sections.ts';
import { grounded, paragraphOf } from './grounding.ts';
import { distinctPhrases, hashtag, headingCase, keyPhrases, saidOnce } from './keywords.ts';
import { label } from './labels.ts';
import { baseLanguage, writesWithoutSpaces } from './language.ts';
import { liftSentences } from './lifts.ts';
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
    /\b((?:weekly |monthly |daily |team |product |project |planning |board |sales )*(?:meeting|sync|stand-?up|review|retro))\b/,
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

function makeTitle(
  request: ComposeRequest,
  type: ContentType,
  sentences: Sentence[],
  topics: string[],
  dish: string | null,
): string {
  const given = request.title?.trim();
  if (given) return given;
  const language = request.language;
  // A recipe's dish, a product's name.
  if (dish) return headingCase(dish, language);
  const pattern = TITLE_PATTERNS[type];
  if (pattern && baseLanguage(language) === 'en') {
    for (const s of sentences) {
      const match = pattern.exec(s.words.join(' '));
      if (match?.[1]) return headingCase(match[1], language);
    }
  }
  const [first, second] = topics;
  if (!first) return sentences[0]?.text.slice(0, 80) ?? '';
  const joined = second ? `${first} ${label(language, 'and')} ${second}` : first;
  return headingCase(joined, language);
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
  const title = makeTitle(request, type, sentences, topics, dish);
  // The lead leans to the start, where speakers say what it is about; the key points to the end,
  // where they say what it comes to.
  const along = (i: number) => i / Math.max(1, sentences.length);
  const lifted = liftSentences(type, parts.drafts, {
    leadScores: scores.map((v, i) => v * (1 + 0.6 * (1 - along(i)))),
    keyScores: scores.map((v, i) => v * (1 + 0.6 * along(i))),
    leadSize: sentences.length >= 30 ? 3 : 2,
  });
  const taken = new Set([...lifted.lead, ...lifted.keyPoints].map((s) => s.index));
  const written = writeSections(parts.drafts, taken, phrases, language);
  if (parts.metadata.content_type === 'meeting_notes' && parts.metadata.meeting_data.topics.length === 0)
    parts.metadata.meeting_data.topics = written.topics;
  const { lead } = lifted;
  const content: ComposedContent = {
    content_type: type,
    language,
    title,
    summary: lead.length ? paragraphOf(lead, joiner, lead.map((s) => standalone(s.text)).join(joiner)) : null,
    sections: written.sections,
    key_points: lifted.keyPoints.map((s) => grounded([s], standalone(s.text))),
    // Questions do not stand alone as quotes.
    quotes: raw ? [] : quotes(sentences, scores, new Set([...taken, ...questionsOf(sentences)])),
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
      // The whole text: the lead and the key points are written only there.
      const body = [
        ...(content.summary ? [content.summary.text] : []),
        ...content.sections.flatMap((s) => s.paragraphs.map((p) => p.text)),
        ...content.key_points.map((k) => k.text),
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
