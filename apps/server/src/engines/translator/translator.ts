import { type Engine, EngineError, EngineUnavailableError } from '../engine.ts';

/**
 * One piece of content to translate: a heading, a paragraph, a list item or a quote. Only `text`
 * is translated; every other field (kind, segment ids, anything a caller adds) comes back as it
 * went in, so translations keep the structure and the links to the recording.
 */
export interface TranslatableBlock {
  text: string;
}

export interface TranslationRequest<B extends TranslatableBlock = TranslatableBlock> {
  /** Language of the blocks, e.g. `en` or `en-US`. */
  source: string;
  /** Language wanted, e.g. `fr`. */
  target: string;
  blocks: readonly B[];
  signal: AbortSignal;
  /** 0–1 over the blocks translated so far. */
  onProgress?(fraction: number): void;
  /**
   * Told the words a translator left untranslated, by block: words of the pivot language it
   * went through (Apertium en → es → fr leaves Spanish it has no French for).
   */
  onUntranslated?(words: string[][]): void;
}

/** How well a translator serves a pair: directly, or through a pivot language (rougher). */
export type PairSupport = { via: null } | { via: string } | null;

/**
 * A machine translator, engine kind `translator`. Implementations live beside this file: DeepL,
 * LibreTranslate, the configured language model and Apertium (offline). Failures are
 * `TranslatorError`s, or `TranslatorUnavailableError`s when the translator itself cannot work
 * (the router then tries the next one).
 */
export interface Translator extends Engine {
  /** `deepl`, `libretranslate`, `llm`, `apertium`: recorded with each translation. */
  readonly id: string;
  readonly kind: 'translator';
  /** Whether it can translate `source` into `target`, and how; null when it cannot. */
  supports(source: string, target: string): Promise<PairSupport>;
  /** The blocks in `target`, in the same order, each with only its `text` changed. */
  translate<B extends TranslatableBlock>(request: TranslationRequest<B>): Promise<B[]>;
}

/** What a user is told when a translation failed for a reason they cannot act on. */
export const TRANSLATION_FAILED = 'The translation could not be made. Please try again later.';

/**
 * A translation failure: `message` has the facts for the logs, `userMessage` plain words.
 * `retryable`: whether trying again later could help (a server that is down or busy: yes).
 */
export class TranslatorError extends EngineError {
  override name = 'TranslatorError';
  constructor(message: string, retryable: boolean, options: { cause?: unknown; userMessage?: string } = {}) {
    super(message, retryable, { userMessage: TRANSLATION_FAILED, ...options });
  }
}

/** The translator itself cannot work (key refused, quota spent, program missing, pair absent). */
export class TranslatorUnavailableError extends EngineUnavailableError {
  override name = 'TranslatorUnavailableError';
  constructor(message: string, options: { cause?: unknown; userMessage?: string } = {}) {
    super(message, { userMessage: TRANSLATION_FAILED, ...options });
  }
}
