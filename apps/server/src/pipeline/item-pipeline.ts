import { and, eq, inArray, isNull, ne, notExists, notInArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../db/database.ts';
import { audio, jobs } from '../db/schema.ts';
import type { CompletionEvents } from '../events/completion-events.ts';
import type { EventBus } from '../events/event-bus.ts';
import { speakersJob } from '../jobs/speakers.job.ts';
import { transcribeJob } from '../jobs/transcribe.job.ts';
import { statusEvent } from '../mappers/audio-mapper.ts';
import type { JobContext, Queue } from '../queue/queue.ts';
import { AudioRepository, type AudioRow } from '../repositories/audio.repository.ts';
import { TranscriptionsRepository } from '../repositories/transcriptions.repository.ts';

/**
 * An item's own stages: `transcribe`, then `speakers` (unless the user asked for one voice). What
 * is made from its text has stages of its own, started by the user: each piece of content is
 * written, then translated (`content-pipeline.ts`).
 */
export const STAGES = ['transcribe', 'speakers'] as const;
export type Stage = (typeof STAGES)[number];

/** What the user chose for the next run: the language and the whisper preference. */
export type StartSettings = Partial<Pick<AudioRow, 'language' | 'useWhisperForEnglish'>>;

type StatusValues = Parameters<AudioRepository['update']>[1];

export interface ItemPipelineDeps {
  database: Database;
  queue: Queue;
  events: EventBus;
  logger: FastifyBaseLogger;
  /** Tells the outside (webhooks) when a stage completes, in the stage's own transaction. */
  completions?: CompletionEvents;
}

/**
 * Owns an item's stages and their state. A stage starts with its status change and its job's
 * insert in one transaction, so an item is never marked queued without a job, nor left waiting
 * with none; a stage ends with its result and the item's new status written under the job's
 * lease, so a worker that lost its lease stores nothing.
 */
export class ItemPipeline {
  constructor(private readonly deps: ItemPipelineDeps) {}

  private get db(): Db {
    return this.deps.database.db;
  }

  /**
   * Starts the first stage of an item whose bytes are stored and checked (or runs it again with
   * new settings). Does nothing when it is already queued or running; returns whether it started.
   */
  async start(audioId: string, settings: StartSettings = {}): Promise<boolean> {
    const row = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(audio)
        .set({
          ...settings,
          status: 'processing',
          transcriptionStatus: 'queued',
          progress: 0,
          progressMessage: 'Waiting in queue...',
          error: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(audio.id, audioId),
            ne(audio.status, 'pending_upload'),
            notInArray(audio.transcriptionStatus, ['queued', 'processing']),
          ),
        )
        .returning();
      if (!claimed) return undefined;
      const job = await this.deps.queue.enqueue(transcribeJob, { audioId }, { ownerId: claimed.userId, tx });
      return new AudioRepository(tx).update(audioId, { jobId: job.id });
    });
    if (!row) return false;
    this.deps.queue.wake();
    await this.publish(row);
    return true;
  }

  /**
   * Starts items left `uploaded` with no job behind them (a process that stopped between
   * accepting a file and queueing its job, before both were written together). Run at start-up.
   */
  async sweep(): Promise<number> {
    const stuck = await this.db
      .select({ id: audio.id })
      .from(audio)
      .where(
        and(
          eq(audio.status, 'uploaded'),
          or(
            isNull(audio.jobId),
            notExists(
              this.db
                .select({ id: jobs.id })
                .from(jobs)
                .where(and(eq(jobs.id, audio.jobId), inArray(jobs.status, ['queued', 'running']))),
            ),
          ),
        ),
      );
    let started = 0;
    for (const { id } of stuck) if (await this.start(id)) started++;
    if (started) this.deps.logger.warn({ items: started }, 'queued items that were left without a job');
    return started;
  }

  /** Progress of the running stage, shown on the item. */
  async progress(audioId: string, percent: number, message: string): Promise<void> {
    // The item is at work again even if it had failed (an administrator ran its job again).
    await this.write(this.db, audioId, {
      status: 'processing',
      error: null,
      transcriptionStatus: 'processing',
      progress: percent,
      progressMessage: message,
    });
  }

  /**
   * Ends a stage: `store` writes its result, and the item moves on, in one transaction under the
   * job's lease. Transcription is the last stage for now, so the item is complete.
   */
  async finish<T extends { transcriptionId: string }>(
    job: JobContext<unknown>,
    audioId: string,
    stage: 'transcribe',
    store: (tx: Db) => Promise<T>,
  ): Promise<T> {
    let row: AudioRow | undefined;
    let events = 0;
    const value = await job.commit(async (tx) => {
      const stored = await store(tx);
      row = await new AudioRepository(tx).update(audioId, this.after(stage, stored));
      const transcript = await new TranscriptionsRepository(tx).findById(stored.transcriptionId);
      if (row && transcript && this.deps.completions)
        events = await this.deps.completions.transcriptCompleted(tx, row, transcript);
      // Speakers follow in their own job, queued with the transcript that they label.
      if (row) row = await this.queueSpeakers(tx, row, stored.transcriptionId);
      return stored;
    });
    if (events || row?.speakersStatus === 'queued') this.deps.queue.wake();
    if (row) await this.publish(row);
    return value;
  }

  /**
   * Runs speaker detection again on a transcribed item, with a new number of voices when given
   * (`null`: find out). Does nothing while it is queued or running; returns whether it started.
   */
  async startSpeakers(audioId: string, speakers?: number | null): Promise<boolean> {
    const row = await this.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(audio)
        .set({
          ...(speakers === undefined ? {} : { speakersRequested: speakers }),
          speakersStatus: 'queued',
          speakersError: null,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(audio.id, audioId),
            eq(audio.transcriptionStatus, 'completed'),
            notInArray(audio.speakersStatus, ['queued', 'processing']),
          ),
        )
        .returning();
      if (!claimed?.transcriptionId) return undefined;
      await this.deps.queue.enqueue(
        speakersJob,
        { audioId, transcriptionId: claimed.transcriptionId },
        { ownerId: claimed.userId, tx },
      );
      return claimed;
    });
    if (!row) return false;
    this.deps.queue.wake();
    await this.publish(row);
    return true;
  }

  /** Speaker detection is at work on an item (the item's own progress stays the transcript's). */
  async speakersProgress(audioId: string): Promise<void> {
    await this.write(this.db, audioId, { speakersStatus: 'processing', speakersError: null });
  }

  /** Ends speaker detection: `store` writes the voices, under the job's lease, with the new state. */
  async finishSpeakers<T>(
    job: JobContext<unknown>,
    audioId: string,
    transcriptionId: string,
    store: (tx: Db) => Promise<T>,
  ): Promise<T> {
    let row: AudioRow | undefined;
    const value = await job.commit(async (tx) => {
      const stored = await store(tx);
      // The item moves on only while this is still its transcript: a transcription run again
      // since has queued a detection of its own.
      [row] = await tx
        .update(audio)
        .set({ speakersStatus: 'completed', speakersError: null, updatedAt: new Date() })
        .where(and(eq(audio.id, audioId), eq(audio.transcriptionId, transcriptionId)))
        .returning();
      return stored;
    });
    if (row) await this.publish(row);
    return value;
  }

  /** Speaker detection failed for good: the transcript stays as it is, the item says why. */
  async speakersFailed(job: JobContext<unknown>, audioId: string, message: string): Promise<void> {
    let row: AudioRow | undefined;
    await job.commit(
      async (tx) => {
        row = await new AudioRepository(tx).update(audioId, {
          speakersStatus: 'failed',
          speakersError: message,
        });
      },
      { complete: false },
    );
    if (row) await this.publish(row);
  }

  /** Queues speaker detection for a new transcript, or marks it off when one voice was asked for. */
  private async queueSpeakers(tx: Db, row: AudioRow, transcriptionId: string): Promise<AudioRow> {
    if (row.speakersRequested === 1) {
      return (
        (await new AudioRepository(tx).update(row.id, { speakersStatus: 'off', speakersError: null })) ?? row
      );
    }
    await this.deps.queue.enqueue(
      speakersJob,
      { audioId: row.id, transcriptionId },
      { ownerId: row.userId, tx },
    );
    return (
      (await new AudioRepository(tx).update(row.id, { speakersStatus: 'queued', speakersError: null })) ?? row
    );
  }

  /** A stage failed for good: the item says so, in words the user may read. */
  async failed(job: JobContext<unknown>, audioId: string, _stage: Stage, message: string): Promise<void> {
    let row: AudioRow | undefined;
    await job.commit(
      async (tx) => {
        row = await new AudioRepository(tx).update(audioId, {
          status: 'failed',
          transcriptionStatus: 'failed',
          progressMessage: null,
          error: message,
        });
      },
      { complete: false },
    );
    if (row) await this.publish(row);
  }

  /** A stage failed and its job will try again. */
  async retrying(audioId: string, message: string): Promise<void> {
    await this.write(this.db, audioId, { progressMessage: `Retrying after an error: ${message}` });
  }

  /** The item's state once `stage` has stored its result: what follows is decided here. */
  private after(stage: 'transcribe', stored: { transcriptionId: string }): StatusValues {
    switch (stage) {
      case 'transcribe':
        return {
          status: 'completed',
          transcriptionStatus: 'completed',
          transcriptionId: stored.transcriptionId,
          progress: 100,
          progressMessage: 'Transcription complete',
          error: null,
        };
    }
  }

  private async write(db: Db, audioId: string, values: StatusValues): Promise<void> {
    const row = await new AudioRepository(db).update(audioId, values);
    if (row) await this.publish(row);
  }

  private async publish(row: AudioRow): Promise<void> {
    await this.deps.events.publish(`audio:${row.id}`, { type: 'audio.status', ...statusEvent(row) });
  }
}
