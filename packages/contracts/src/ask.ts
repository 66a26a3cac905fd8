import { z } from 'zod';
import { zItemKind } from './items.ts';
import { ASK_MAX_ITEMS, ASK_MAX_QUESTION } from './limits.ts';
import { zText } from './text.ts';

/** `POST /api/v1/ask`: a question to the user's own recordings, optionally about some items only. */
export const zAskRequest = z.object({
  question: zText({
    trim: true,
    max: ASK_MAX_QUESTION,
    min: { length: 1, message: 'Type a question to ask' },
  }).describe('A question in plain words, answered only from what the recordings say.'),
  item_ids: z
    .array(z.uuid('Item not found'))
    .min(1)
    .max(ASK_MAX_ITEMS)
    .optional()
    .describe('Only these items (each must be the user’s own, or the answer is 404).'),
});
export type AskRequest = z.infer<typeof zAskRequest>;

/** A stretch of one transcript retrieved for the question: the only material an answer may use. */
export const zAskPassage = z
  .object({
    /** Numbered from 1 in rank order; sentences cite these. */
    id: z.number().int(),
    item_id: z.string(),
    kind: zItemKind,
    title: z.string(),
    /** Seconds into the recording (null for a written document). */
    start: z.number().nullable(),
    end: z.number().nullable(),
    speaker: z.string().nullable(),
    speaker_name: z.string().nullable(),
    text: z.string(),
    /**
     * How it was found: `words` (it shares words with the question), `meaning` (its meaning is
     * close to the question's though it shares no word, by an embedding model), or `both`.
     */
    matched: z.enum(['words', 'meaning', 'both']),
  })
  .meta({ id: 'AskPassage' });
export type AskPassage = z.infer<typeof zAskPassage>;

/** Where a sentence of the answer was said: the passage it cites, resolved to its item and time. */
export const zAskCitation = z
  .object({
    passage_id: z.number().int(),
    item_id: z.string(),
    kind: zItemKind,
    title: z.string(),
    start: z.number().nullable(),
    end: z.number().nullable(),
    speaker: z.string().nullable(),
    speaker_name: z.string().nullable(),
  })
  .meta({ id: 'AskCitation' });
export type AskCitation = z.infer<typeof zAskCitation>;

export const zAskSentence = z.object({
  text: z.string(),
  /** Never empty: a sentence that cites no retrieved passage is dropped. */
  citations: z.array(zAskCitation).min(1),
});
export type AskSentence = z.infer<typeof zAskSentence>;

/** What answered: a language model (its provider and model), or full-text search alone. */
export const zAskEngine = z.object({
  id: z.string(),
  name: z.string(),
  model: z.string().nullable(),
});
export type AskEngine = z.infer<typeof zAskEngine>;

/**
 * How the passages were retrieved: `words` (full-text rank alone), or `words_and_meaning`
 * (full-text rank and an embedding model's similarity of meaning, fused). `model`: the embedding
 * model, with `words_and_meaning`.
 */
export const zAskRetrieval = z
  .object({
    by: z.enum(['words', 'words_and_meaning']),
    model: z.string().nullable(),
  })
  .meta({ id: 'AskRetrieval' });
export type AskRetrieval = z.infer<typeof zAskRetrieval>;

/**
 * How the question was answered:
 * `answer`: sentences written by a language model from the passages, each citing them;
 * `unsupported`: the passages do not answer it ("The recordings don't say.");
 * `passages`: no language model answered, so the passages themselves, best first (`note` says why).
 */
export const zAskMode = z.enum(['answer', 'unsupported', 'passages']);
export type AskMode = z.infer<typeof zAskMode>;

/** Why an answer is the passages alone. */
export const zAskNote = z.enum(['no_language_model', 'language_model_failed']);
export type AskNote = z.infer<typeof zAskNote>;

export const zAskAnswer = z
  .object({
    question: z.string(),
    mode: zAskMode,
    sentences: z.array(zAskSentence),
    /** The passages retrieved, best first: what the answer rests on, or the answer itself. */
    passages: z.array(zAskPassage),
    engine: zAskEngine,
    retrieval: zAskRetrieval,
    note: zAskNote.nullable(),
    /** Sentences the model wrote that were dropped: no citation, or one that was not retrieved. */
    dropped: z.number().int(),
  })
  .meta({ id: 'AskAnswer' });
export type AskAnswer = z.infer<typeof zAskAnswer>;

/**
 * The events of an answer streamed as server-sent events (`Accept: text/event-stream`):
 * `passages` once retrieved, `sentence` for each checked sentence as the model writes it, then
 * `answer` (the whole answer, final: it replaces what streamed) or `error`.
 */
export const zAskStreamEvent = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('passages'),
    passages: z.array(zAskPassage),
    engine: zAskEngine,
    retrieval: zAskRetrieval,
  }),
  z.object({ event: z.literal('sentence'), sentence: zAskSentence }),
  z.object({ event: z.literal('answer'), answer: zAskAnswer }),
  z.object({ event: z.literal('error'), code: z.string(), detail: z.string() }),
]);
export type AskStreamEvent = z.infer<typeof zAskStreamEvent>;
