import type { Engine } from '../engine.ts';

/** What a text is embedded for: a question to look up, or a passage to be found. */
export type EmbedPurpose = 'query' | 'document';

/**
 * An embedding model: it turns texts into vectors whose closeness follows closeness of meaning,
 * so that ask finds passages that say what a question asks in other words.
 */
export interface EmbedderEngine extends Engine {
  readonly kind: 'embedder';
  /**
   * The model's name, stored with every vector it makes: vectors of two models are never
   * compared, so changing the model means embedding the library again.
   */
  modelName(): string;
  /** One vector per text, in order. */
  embed(texts: readonly string[], purpose: EmbedPurpose, signal?: AbortSignal): Promise<number[][]>;
}
