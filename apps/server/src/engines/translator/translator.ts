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
}

/** How a translator stands on this machine, for the engines page and for choosing. */
export interface TranslatorStatus {
  state: 'available' | 'missing' | 'disabled';
  detail: string;
  /** What to do to enable it, when not available. */
  enable?: string;
}

/** How well a translator serves a pair: directly, or through a pivot language (rougher). */
export type PairSupport = { via: null } | { via: string } | null;

/**
 * A machine translator. Implementations live beside this file: DeepL, LibreTranslate, the
 * configured language model and Apertium (offline). Failures are `TranslatorError`s.
 */
export interface Translator {
  /** Stable id recorded with each translation: `deepl`, `libretranslate`, `llm`, `apertium`. */
  readonly id: string;
  readonly name: string;
  status(): Promise<TranslatorStatus>;
  /** Whether it can translate `source` into `target`, and how; null when it cannot. */
  supports(source: string, target: string): Promise<PairSupport>;
  /** The blocks in `target`, in the same order, each with only its `text` changed. */
  translate<B extends TranslatableBlock>(request: TranslationRequest<B>): Promise<B[]>;
}

/**
 * A translation failure. `retryable` says whether trying again later could help (a server that is
 * down or busy: yes; a refused key: no). `unavailable` marks a failure of the translator itself
 * (key refused, quota spent, program missing): the router moves on to the next translator.
 */
export class TranslatorError extends Error {
  override name = 'TranslatorError';
  constructor(
    message: string,
    readonly options: { retryable: boolean; unavailable?: boolean; detail?: string; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
  }
  get retryable(): boolean {
    return this.options.retryable;
  }
  get unavailable(): boolean {
    return this.options.unavailable ?? false;
  }
  /** Why, for logs and the engines page, when `message` is the sentence meant for the user. */
  get detail(): string {
    return this.options.detail ?? this.message;
  }
}
