import type { ContentBody, ContentTranslation } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import { languageName } from '../engines/translator/languages.ts';
import type { CompletionEvents } from '../events/completion-events.ts';
import type { EventBus } from '../events/event-bus.ts';
import { contentTranslateJob } from '../jobs/content-translate.job.ts';
import { contentWriteJob } from '../jobs/content-write.job.ts';
import { renditionsJob } from '../jobs/renditions.job.ts';
import {
  contentStatusEvent,
  failedLanguages,
  pendingTranslation,
  type WriterRecord,
} from '../mappers/content-mapper.ts';
import type { JobContext, Queue } from '../queue/queue.ts';
import { ContentRepository, type ContentRow } from '../repositories/content.repository.ts';
import { RenditionsRepository } from '../repositories/renditions.repository.ts';

/** A piece's stages, in order: written from the source, then translated. */
export const CONTENT_STAGES = ['write', 'translate'] as const;
export type ContentStage = (typeof CONTENT_STAGES)[number];

/** Share of the progress bar for writing when translations follow; they share the rest. */
export const WRITE_SHARE = 60;

/** What the user asked for: one piece of one type from one source. */
export interface PieceRequest {
  userId: string;
  transcriptionId: string;
  contentType: string;
  title: string | null;
  /** The first is written; the others are translated from it. */
  languages: string[];
  keywords: string[];
  platforms: string[];
}

export interface ContentPipelineDeps {
  database: Database;
  queue: Queue;
  events: EventBus;
  logger: FastifyBaseLogger;
  /** Tells the outside (webhooks) a piece is complete, in the transaction that completes it. */
  completions?: CompletionEvents | undefined;
}

type StatusValues = Parameters<ContentRepository['update']>[1];

/**
 * Owns a piece's stages and their state: write, then translate; then, per language and when
 * first asked for, render (its platform renditions). A stage starts with its state and its job's
 * insert in one transaction; a stage's result, the piece's next state and the next stage's job
 * are written together under the running job's lease, so a worker that lost its lease stores
 * nothing and a piece is never left waiting for a job that does not exist.
 */
export class ContentPipeline {
  constructor(private readonly deps: ContentPipelineDeps) {}

  private get db(): Db {
    return this.deps.database.db;
  }

  /**
   * Starts writing a piece: reset (or created) with every language pending, and its write job, in
   * one transaction. A piece of the same type already being written is returned as it is, so
   * asking twice never queues it twice.
   */
  async start(request: PieceRequest): Promise<ContentRow> {
    const [first = 'en'] = request.languages;
    const row = await this.db.transaction(async (tx) => {
      const repository = new ContentRepository(tx);
      const running = await repository.findByType(request.transcriptionId, request.contentType);
      if (running && (running.status === 'pending' || running.status === 'processing')) return running;
      const reset = await repository.upsert({
        userId: request.userId,
        transcriptionId: request.transcriptionId,
        contentType: request.contentType,
        title: request.title ?? '',
        requestedTitle: request.title,
        language: first,
        languages: request.languages,
        keywords: request.keywords,
        targetPlatforms: [...new Set(request.platforms)],
        status: 'pending',
        progress: 0,
        progressMessage: 'Waiting in queue...',
        body: null,
        writer: null,
        error: null,
        translations: Object.fromEntries(request.languages.map((l, i) => [l, pendingTranslation(i === 0)])),
      });
      const job = await this.deps.queue.enqueue(
        contentWriteJob,
        { contentId: reset.id },
        { ownerId: request.userId, tx },
      );
      return (await repository.update(reset.id, { jobId: job.id })) ?? reset;
    });
    this.deps.queue.wake();
    await this.publish(row);
    return row;
  }

  /**
   * Starts the render stage of one language: its run marked pending and the job that makes its
   * renditions, in one transaction (never pending without a job to end it). A run already pending
   * is left as it is, so readers asking at the same time queue one job, unless `force` (the user
   * asked to make them again). True when a job was queued.
   */
  async render(
    piece: Pick<ContentRow, 'id' | 'userId'>,
    language: string,
    options: { platforms?: string[] | undefined; force: boolean },
  ): Promise<boolean> {
    const { platforms, force } = options;
    const started = await this.db.transaction(async (tx) => {
      const runs = new RenditionsRepository(tx);
      if (!(await runs.claimRun(piece.id, language)) && !force) return false;
      const job = await this.deps.queue.enqueue(
        renditionsJob,
        { contentId: piece.id, language, platforms, force },
        { ownerId: piece.userId, tx },
      );
      await runs.setRun(piece.id, language, { status: 'pending', jobId: job.id });
      return true;
    });
    if (started) this.deps.queue.wake();
    return started;
  }

  /** Progress of the running stage, shown on the piece. */
  async progress(id: string, percent: number, message: string): Promise<void> {
    await this.write(this.db, id, { status: 'processing', progress: percent, progressMessage: message });
  }

  /** A stage failed and its job will try again. */
  async retrying(id: string, message: string): Promise<void> {
    await this.write(this.db, id, { progressMessage: `Retrying after an error: ${message}` });
  }

  /**
   * Ends the write stage: the first language and the body are stored and the piece moves on, in
   * one transaction under the job's lease: to the translate stage (its job queued in the same
   * transaction) when other languages were asked for, else to completed.
   */
  async written(
    job: JobContext<unknown>,
    piece: ContentRow,
    result: { first: ContentTranslation; body: ContentBody; writer: WriterRecord },
  ): Promise<void> {
    const others = piece.languages.filter((l) => l !== piece.language);
    let wake = false;
    const row = await job.commit(async (tx) => {
      const repository = new ContentRepository(tx);
      await repository.setTranslation(piece.id, piece.language, result.first, {
        body: result.body,
        writer: result.writer,
        title: result.body.title,
      });
      if (others.length === 0) {
        const done = await this.complete(tx, piece.id);
        wake = done.events > 0;
        return done.row;
      }
      const next = await this.deps.queue.enqueue(
        contentTranslateJob,
        { contentId: piece.id },
        { ownerId: piece.userId, tx },
      );
      wake = true;
      return repository.update(piece.id, {
        status: 'processing',
        progress: WRITE_SHARE,
        progressMessage: 'Waiting to translate...',
        jobId: next.id,
      });
    });
    if (wake) this.deps.queue.wake();
    if (row) await this.publish(row);
  }

  /** One language of the translate stage is done (translated, or failed on its own): stored under the lease. */
  async translated(
    job: JobContext<unknown>,
    id: string,
    language: string,
    entry: ContentTranslation,
  ): Promise<void> {
    const row = await job.commit((tx) => new ContentRepository(tx).setTranslation(id, language, entry), {
      complete: false,
    });
    if (row) await this.publish(row);
  }

  /** Ends the translate stage: the piece is complete. */
  async translatedAll(job: JobContext<unknown>, id: string): Promise<void> {
    const done = await job.commit((tx) => this.complete(tx, id));
    if (done.events) this.deps.queue.wake();
    if (done.row) await this.publish(done.row);
  }

  /**
   * A stage failed for good: the piece says so in words the user may read, and every language
   * still pending fails with it (one already written or translated stays).
   */
  async failed(job: JobContext<unknown>, id: string, message: string): Promise<void> {
    const row = await job.commit(
      async (tx) => {
        const repository = new ContentRepository(tx);
        const piece = await repository.findById(id);
        if (!piece) return undefined;
        const translations = Object.fromEntries(
          Object.entries(piece.translations).map(([l, t]): [string, ContentTranslation] => [
            l,
            t.status === 'pending' ? { ...t, status: 'failed', error: message } : t,
          ]),
        );
        return repository.update(id, {
          status: 'failed',
          progressMessage: null,
          error: message,
          translations,
        });
      },
      { complete: false },
    );
    if (row) await this.publish(row);
  }

  /** The piece is complete, and the outside is told in the same transaction. */
  private async complete(tx: Db, id: string): Promise<{ row: ContentRow | undefined; events: number }> {
    const repository = new ContentRepository(tx);
    const piece = await repository.findById(id);
    // Done, but not claimed done for a language whose translation failed: the message names it.
    const failed = piece ? failedLanguages(piece) : [];
    const row = await repository.update(id, {
      status: 'completed',
      progress: 100,
      progressMessage: failed.length
        ? `Content ready, except ${failed.map(languageName).join(', ')}: the translation failed`
        : 'Content ready',
      error: null,
    });
    const events = row && this.deps.completions ? await this.deps.completions.contentCompleted(tx, row) : 0;
    return { row, events };
  }

  private async write(db: Db, id: string, values: StatusValues): Promise<ContentRow | undefined> {
    const row = await new ContentRepository(db).update(id, values);
    if (row) await this.publish(row);
    return row;
  }

  async publish(row: ContentRow): Promise<void> {
    await this.deps.events.publish(`content:${row.id}`, {
      type: 'content.status',
      ...contentStatusEvent(row),
    });
  }
}
