import type { AskAnswer, AskEngine, AskRequest, AskRetrieval, AskStreamEvent } from '@voxpress/contracts';
import { parsePartialJson } from 'ai';
import type { Db } from '../../db/database.ts';
import type { LlmWriter } from '../../engines/writer/llm/llm.writer.ts';
import type { ResolvedModel } from '../../engines/writer/llm/llm-providers.ts';
import { streamStructured } from '../../engines/writer/llm/structured-call.ts';
import { notFound } from '../../lib/http-error.ts';
import { type AskHit, AskRepository } from '../../repositories/ask.repository.ts';
import { PassageVectorsRepository } from '../../repositories/passage-vectors.repository.ts';
import { SearchRepository } from '../../repositories/search.repository.ts';
import {
  ASK_LIMITS,
  buildPassages,
  fuseHits,
  type MatchedHit,
  publicPassage,
  questionQuery,
  type RetrievedPassage,
} from './ask-passages.ts';
import {
  ASK_OUTPUT_TOKENS,
  ASK_SYSTEM,
  askPrompt,
  checkedAnswer,
  checkedSentence,
  type ModelAnswer,
  zModelAnswer,
} from './ask-prompt.ts';

/** Full-text search, named as the engine when no language model wrote the answer. */
export const SEARCH_ENGINE: AskEngine = { id: 'search', name: 'Full-text search', model: null };

/** Passages retrieved by full-text rank alone. */
export const BY_WORDS: AskRetrieval = { by: 'words', model: null };

/** Words of a question looked up by spelling when none is found as typed, at most. */
const SIMILAR_WORDS = 6;

/**
 * How close in meaning a passage must be to the question to be offered for its meaning alone
 * (cosine similarity): at least `floor`, and at least `share` of the closest passage's. Without
 * them the nearest passages of any library would always come back, however unrelated. Set from
 * the models' published behaviour (unrelated texts score near 0.1–0.3), not yet measured on this
 * project's recordings with the catalogue models' real weights.
 */
export const MEANING_CLOSENESS = { floor: 0.3, share: 0.85 } as const;

export interface AskDeps {
  db: Db;
  /** The language model that would write now, or null (`WriterRouter.languageModel`). */
  languageModel(): Promise<LlmWriter | null>;
  llm: { timeoutMs: number; maxRetries: number };
  logger?: { warn(obj: object, msg: string): void };
  /**
   * Finds passages by meaning too: the question's vector by the embedding model that made the
   * passages' vectors, or null when no embedding engine is ready (then words alone).
   */
  meaning?: {
    embedQuery(text: string, signal?: AbortSignal): Promise<{ model: string; vector: number[] } | null>;
  };
}

/** A question with its passages retrieved, ready to be answered. */
export interface PreparedQuestion {
  question: string;
  passages: RetrievedPassage[];
  /** How the passages were retrieved. */
  retrieval: AskRetrieval;
}

/**
 * Questions to a user's library: the best transcript passages of their own items (full-text rank,
 * similar spellings when no word is found as typed; fused with the passages nearest in meaning when
 * an embedding engine is ready and the database holds vectors), then a short answer a language model writes
 * from them alone, every sentence held to the passages it cites; without a model, the passages.
 */
export class AskService {
  private readonly repository: AskRepository;
  private readonly search: SearchRepository;
  private readonly vectors: PassageVectorsRepository;

  constructor(private readonly deps: AskDeps) {
    this.repository = new AskRepository(deps.db);
    this.search = new SearchRepository(deps.db);
    this.vectors = new PassageVectorsRepository(deps.db);
  }

  /**
   * Retrieves the passages: by words, and by meaning too when it can (`retrieval` says which);
   * 404 when an item asked about is not the user's.
   */
  async prepare(userId: string, request: AskRequest, signal?: AbortSignal): Promise<PreparedQuestion> {
    const itemIds = request.item_ids ? [...new Set(request.item_ids)] : undefined;
    if (itemIds) {
      const own = await this.repository.ownItems(userId, itemIds);
      if (itemIds.some((id) => !own.has(id))) throw notFound('Item not found');
    }
    const question = request.question.trim();
    const options = { itemIds, limit: ASK_LIMITS.hits };
    const [exact, meaning] = await Promise.all([
      this.byWords(userId, question, options),
      this.byMeaning(userId, question, options, signal),
    ]);
    // Similar spellings only when neither the words as typed nor their meaning found anything.
    const byWords =
      exact.length === 0 && !meaning?.hits.length ? await this.bySpelling(userId, question, options) : exact;
    let hits: MatchedHit[];
    let retrieval = BY_WORDS;
    if (meaning?.hits.length) {
      hits = fuseHits(byWords, meaning.hits, ASK_LIMITS.hits);
      retrieval = { by: 'words_and_meaning', model: meaning.model };
    } else hits = byWords.map((hit) => ({ ...hit, matched: 'words' }));
    const neighbours = await this.repository.neighbours(userId, hits);
    return { question, passages: buildPassages(hits, neighbours), retrieval };
  }

  /** The best passages by full-text rank. */
  private async byWords(
    userId: string,
    question: string,
    options: { itemIds: string[] | undefined; limit: number },
  ): Promise<AskHit[]> {
    const { query } = questionQuery(question);
    const configs = query ? await this.search.configs(userId) : [];
    if (configs.length === 0) return [];
    return this.repository.byWords(userId, configs, query, options);
  }

  /** The best passages holding words spelt like the question's (a typo, an unfinished word). */
  private async bySpelling(
    userId: string,
    question: string,
    options: { itemIds: string[] | undefined; limit: number },
  ): Promise<AskHit[]> {
    const { words } = questionQuery(question);
    const alike: string[] = [];
    for (const word of words.filter((w) => w.length >= 4).slice(0, SIMILAR_WORDS)) {
      const found = await this.search.similarQuery([word]);
      if (found) alike.push(found);
    }
    return alike.length > 0 ? this.repository.byQuery(userId, alike.join(' | '), options) : [];
  }

  /**
   * The passages nearest the question in meaning, with the embedding model that found them; null
   * when they cannot be looked up (no embedding engine ready, no vectors in this database, or the
   * engine failed: the question is then answered by words alone, never lost to the embedder).
   */
  private async byMeaning(
    userId: string,
    question: string,
    options: { itemIds: string[] | undefined; limit: number },
    signal: AbortSignal | undefined,
  ): Promise<{ model: string; hits: AskHit[] } | null> {
    const { meaning } = this.deps;
    if (!meaning || !(await this.vectors.available())) return null;
    let embedded: { model: string; vector: number[] } | null;
    try {
      embedded = await meaning.embedQuery(question, signal);
    } catch (err) {
      if (signal?.aborted) throw err;
      this.deps.logger?.warn(
        { err },
        'the embedding engine failed on a question; passages found by words alone',
      );
      return null;
    }
    if (!embedded || embedded.vector.length === 0) return null;
    const nearest = await this.vectors.nearest(userId, embedded.model, embedded.vector, options);
    const best = nearest[0]?.rank ?? 0;
    const close = Math.max(MEANING_CLOSENESS.floor, best * MEANING_CLOSENESS.share);
    return { model: embedded.model, hits: nearest.filter((hit) => hit.rank >= close) };
  }

  /**
   * Answers a prepared question, telling `onEvent` of the passages, then of each sentence as it
   * is written and checked. The answer returned is final (it may differ from what streamed when the
   * model had to be asked again).
   */
  async answer(
    prepared: PreparedQuestion,
    signal: AbortSignal,
    onEvent: (event: AskStreamEvent) => void = () => {},
  ): Promise<AskAnswer> {
    const { question, retrieval } = prepared;
    const passages = prepared.passages.map(publicPassage);
    const base = { question, passages, retrieval, sentences: [], dropped: 0 };
    const llm = await this.deps.languageModel().catch(() => null);
    if (!llm) {
      onEvent({ event: 'passages', passages, engine: SEARCH_ENGINE, retrieval });
      return { ...base, mode: 'passages', engine: SEARCH_ENGINE, note: 'no_language_model' };
    }
    // Nothing retrieved: no model is asked, and none is named.
    if (passages.length === 0) {
      onEvent({ event: 'passages', passages, engine: SEARCH_ENGINE, retrieval });
      return { ...base, mode: 'unsupported', engine: SEARCH_ENGINE, note: null };
    }
    let resolved: ResolvedModel;
    try {
      resolved = await llm.provider.resolve();
    } catch (err) {
      return this.failed(prepared, err, onEvent);
    }
    const engine: AskEngine = { id: llm.id, name: llm.provider.name, model: resolved.modelId };
    onEvent({ event: 'passages', passages, engine, retrieval });
    const partial = new PartialSentences(prepared.passages, (sentence) =>
      onEvent({ event: 'sentence', sentence }),
    );
    let answer: ModelAnswer;
    try {
      answer = await streamStructured({
        model: resolved.model,
        service: resolved.service,
        schema: zModelAnswer,
        system: ASK_SYSTEM,
        prompt: askPrompt(question, passages),
        maxOutputTokens: ASK_OUTPUT_TOKENS,
        timeoutMs: this.deps.llm.timeoutMs,
        maxRetries: this.deps.llm.maxRetries,
        invalidOutputRetries: 1,
        signal,
        onText: (text) => partial.update(text),
      });
      await partial.settled();
    } catch (err) {
      if (signal.aborted) throw err;
      return this.failed(prepared, err, onEvent);
    }
    const { sentences, dropped } = checkedAnswer(answer, prepared.passages);
    return {
      ...base,
      mode: sentences.length > 0 ? 'answer' : 'unsupported',
      sentences,
      dropped,
      engine,
      note: null,
    };
  }

  /** The model could not answer: the passages themselves, saying so. */
  private failed(
    prepared: PreparedQuestion,
    err: unknown,
    onEvent: (event: AskStreamEvent) => void,
  ): AskAnswer {
    this.deps.logger?.warn({ err }, 'language model failed to answer a question; passages sent instead');
    const passages = prepared.passages.map(publicPassage);
    const { retrieval } = prepared;
    onEvent({ event: 'passages', passages, engine: SEARCH_ENGINE, retrieval });
    return {
      question: prepared.question,
      passages,
      retrieval,
      sentences: [],
      dropped: 0,
      mode: 'passages',
      engine: SEARCH_ENGINE,
      note: 'language_model_failed',
    };
  }
}

/**
 * Reads the answer's JSON as it streams in and hands on each sentence once the next has begun
 * (so it is complete), checked against the passages; sentences that fail the check are not shown.
 */
class PartialSentences {
  private latest = '';
  private seen = 0;
  private running: Promise<void> | null = null;
  private readonly byId: Map<number, RetrievedPassage>;

  constructor(
    passages: readonly RetrievedPassage[],
    private readonly emit: (sentence: NonNullable<ReturnType<typeof checkedSentence>>) => void,
  ) {
    this.byId = new Map(passages.map((p) => [p.id, p]));
  }

  update(text: string): void {
    this.latest = text;
    this.running ??= this.drain();
  }

  async settled(): Promise<void> {
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const text = this.latest;
      const { value } = await parsePartialJson(text);
      this.read(value);
      if (this.latest === text) break;
    }
    this.running = null;
  }

  private read(value: unknown): void {
    if (!value || typeof value !== 'object') return;
    const { answerable, sentences } = value as { answerable?: unknown; sentences?: unknown };
    if (answerable === false || !Array.isArray(sentences)) return;
    // The last sentence may still be being written.
    for (; this.seen < sentences.length - 1; this.seen++) {
      const checked = checkedSentence(sentences[this.seen] ?? {}, this.byId);
      if (checked) this.emit(checked);
    }
  }
}
