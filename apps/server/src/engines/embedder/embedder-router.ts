import type { EmbeddingConfig } from '../../config/writing-config.ts';
import { EngineRouter, type RouterLogger } from '../engine-router.ts';
import { BuiltinEmbedder } from './builtin.embedder.ts';
import type { EmbedderEngine } from './embedder.ts';
import { RemoteEmbedder } from './remote.embedder.ts';

/** What any embedding is for: the router's request (every embedder embeds any text). */
export const EMBED_REQUEST = { label: 'meaning search', supports: () => true } as const;

/**
 * The embedders, in order: an embeddings server when one is set (EMBEDDING_BASE_URL), then the
 * built-in model once downloaded (EMBEDDING_MODEL, unless off). Neither: ask finds by words alone.
 */
export function embedderRouter(
  logger: RouterLogger,
  config: EmbeddingConfig,
  engines: EmbedderEngine[] = [
    new RemoteEmbedder(config.remote),
    ...(config.builtin ? [new BuiltinEmbedder(config.builtin)] : []),
  ],
): EngineRouter<EmbedderEngine> {
  return new EngineRouter<EmbedderEngine>(
    'embedder',
    engines,
    engines.map((e) => e.id),
    {
      orderSetting: 'EMBEDDING_BASE_URL and EMBEDDING_MODEL',
      summaries: {
        remote: 'an OpenAI-compatible embeddings server',
        builtin: 'the built-in embedding model, downloaded once',
      },
      noEngine: () => 'Finding passages by meaning is not available on this server.',
      noEngineDetail: () =>
        'No embedding model is ready: set EMBEDDING_BASE_URL, or download the built-in one (npm run models -- pull embeddinggemma-300m).',
      allFailed: () => 'The embedding model could not read the passages.',
    },
    logger,
  );
}
