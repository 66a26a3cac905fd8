import type { SpeechRouter } from '../../engines/speech/speech-router.ts';
import type { WriterRouter } from '../../engines/writer/writer-router.ts';
import type { MeaningService } from '../meaning/meaning.service.ts';

/** What `modelsInUse` reads: the speech and writer routers. */
export interface ModelsInUseDeps {
  speech: Pick<SpeechRouter, 'router'>;
  writer: Pick<WriterRouter, 'router'>;
  meaning: Pick<MeaningService, 'engine'>;
}

/** Which downloadable models do the work now, as the routers would pick them. */
export interface ModelsInUse {
  /** whisper transcribes English, or speech whose language is detected, before any other engine. */
  whisper: boolean;
  /** The built-in language model writes: no remote model or Ollama comes first and is ready. */
  local: boolean;
  /** The built-in embedding model embeds: no embeddings server comes first, and vectors are kept. */
  embedding: boolean;
}

/**
 * Asks the routers rather than the settings: a configured, downloaded model is not in use when an
 * engine before it in the order (a remote speech server, a remote LLM, a found Ollama) serves the
 * request. An engine whose model is not on disk never counts as serving.
 */
export async function modelsInUse(ctx: ModelsInUseDeps): Promise<ModelsInUse> {
  const servedBy = (choice: Promise<{ engine: { id: string } } | null>) =>
    choice.then(
      (c) => c?.engine.id ?? null,
      () => null,
    );
  const speech = ctx.speech.router;
  const [english, detected, writer, embedder] = await Promise.all([
    servedBy(speech.serving({ label: 'English', supports: (e) => e.supports('en') })),
    servedBy(speech.serving({ label: 'a detected language', supports: (e) => e.supports('auto') })),
    servedBy(ctx.writer.router.serving({ label: 'content', supports: () => true })),
    ctx.meaning.engine().then(
      (e) => e?.id ?? null,
      () => null,
    ),
  ]);
  return {
    whisper: english === 'whisper' || detected === 'whisper',
    local: writer === 'local',
    embedding: embedder === 'builtin',
  };
}
