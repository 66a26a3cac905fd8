import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database.ts';
import type { EmbedderEngine } from '../../engines/embedder/embedder.ts';
import { EMBED_REQUEST } from '../../engines/embedder/embedder-router.ts';
import type { EngineDescription, EngineRouter, RouterLogger } from '../../engines/engine-router.ts';
import { searchEmbedJob } from '../../jobs/search-embed.job.ts';
import type { JobContext, JobPayload, Queue } from '../../queue/queue.ts';
import { PassageVectorsRepository } from '../../repositories/passage-vectors.repository.ts';

/** Passages embedded in one request to the model. */
const BATCH = 16;

export interface MeaningDeps {
  db: Db;
  router: EngineRouter<EmbedderEngine>;
  queue: Pick<Queue, 'enqueue' | 'wake'>;
  logger: RouterLogger & { info(obj: object, msg: string): void };
  /** Why the database cannot hold vectors, or null when it can (`ensureVectorStore`). */
  vectorsMissing: string | null;
}

/**
 * Meaning search: turns questions and transcript passages into vectors with the embedding model
 * that is ready (an embeddings server, or the built-in model once downloaded), keeps every
 * passage's vector current through the `search.embed` job, and says what it can do. Without an
 * embedding model, or on a database without the vector extension, ask finds by words alone.
 */
export class MeaningService {
  private readonly vectors: PassageVectorsRepository;
  /** The newest passage already handed to an embed job by this process. */
  private watermark = 0n;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: MeaningDeps) {
    this.vectors = new PassageVectorsRepository(deps.db);
  }

  /** The embedder that embeds now, or null (none ready, or no vector store). */
  async engine(): Promise<EmbedderEngine | null> {
    if (this.deps.vectorsMissing) return null;
    const choice = await this.deps.router.serving(EMBED_REQUEST).catch(() => null);
    return choice?.engine ?? null;
  }

  /** A question's vector and the model that made it, or null when meaning search is off. */
  async embedQuery(text: string, signal?: AbortSignal): Promise<{ model: string; vector: number[] } | null> {
    const engine = await this.engine();
    if (!engine) return null;
    const [vector] = await engine.embed([text], 'query', signal);
    return vector ? { model: engine.modelName(), vector } : null;
  }

  /**
   * Queues an embed job for the passages made since the last one this process queued (all of
   * them the first time), when an embedder is ready and there are any. Returns whether it queued.
   */
  async check(): Promise<boolean> {
    if (!(await this.engine())) return false;
    const [row] = await queryRows<{ max: string | null }>(
      this.deps.db,
      sql`select max(id)::text as max from search_passages`,
    );
    const newest = BigInt(row?.max ?? 0);
    if (newest <= this.watermark) return false;
    await this.deps.queue.enqueue(searchEmbedJob, { fromId: this.watermark.toString() });
    this.deps.queue.wake();
    this.watermark = newest;
    return true;
  }

  /** Checks every `everyMs` (and once now) for passages to embed, until `close`. */
  watch(everyMs: number): void {
    const tick = () =>
      void this.check().catch((err: unknown) =>
        this.deps.logger.warn({ err }, 'checking for passages to embed failed'),
      );
    tick();
    clearInterval(this.timer);
    this.timer = setInterval(tick, everyMs);
    this.timer.unref();
  }

  /** Stops watching and unloads the built-in model. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.deps.router.close();
  }

  /** The embed job: vectors for the passages after `fromId` that have none, in batches. */
  async run(
    job: JobContext<JobPayload<typeof searchEmbedJob>>,
  ): Promise<{ model: string | null; embedded: number }> {
    const engine = await this.engine();
    if (!engine) return { model: null, embedded: 0 };
    const model = engine.modelName();
    await this.vectors.purgeOtherModels(model);
    const { embedded: before, total } = await this.vectors.progress(model);
    let after = job.payload.fromId;
    let embedded = 0;
    for (;;) {
      job.signal.throwIfAborted();
      const batch = await this.vectors.missing(model, BATCH, { afterId: after });
      if (batch.length === 0) break;
      const vectors = await engine.embed(
        batch.map((p) => p.body),
        'document',
        job.signal,
      );
      if (vectors.length !== batch.length)
        throw new Error(
          `The embedding model returned ${vectors.length} vectors for ${batch.length} passages`,
        );
      await this.vectors.store(
        model,
        batch.map((p, i) => ({ id: p.id, vector: vectors[i] as number[] })),
      );
      embedded += batch.length;
      after = batch.at(-1)?.id ?? after;
      const remaining = Math.max(1, total - before);
      await job.progress(
        Math.min(99, Math.floor((embedded / remaining) * 100)),
        `${embedded} passages embedded`,
      );
    }
    if (embedded) this.deps.logger.info({ model, embedded }, 'embedded transcript passages');
    return { model, embedded };
  }

  /**
   * The embedders as the engines view shows them. On a database without the vector extension,
   * none can serve: each says so.
   */
  async describe(): Promise<{ engines: EngineDescription[]; active: string | null }> {
    const engines = await this.deps.router.describe();
    const missing = this.deps.vectorsMissing;
    if (missing)
      return {
        active: null,
        engines: engines.map((e) =>
          e.state === 'ready'
            ? { ...e, state: 'misconfigured', reason: missing, detail: `${e.detail}; ${missing}` }
            : e,
        ),
      };
    return { engines, active: (await this.engine())?.id ?? null };
  }
}
