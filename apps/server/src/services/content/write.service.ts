import type { ContentTranslation } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { userMessageOf } from '../../engines/engine.ts';
import type { WriterRouter } from '../../engines/writer/writer-router.ts';
import type { contentWriteJob } from '../../jobs/content-write.job.ts';
import type { WriterRecord } from '../../mappers/content-mapper.ts';
import { type ContentPipeline, WRITE_SHARE } from '../../pipeline/content-pipeline.ts';
import type { JobContext, JobPayload } from '../../queue/queue.ts';
import { PermanentJobError } from '../../queue/queue.ts';
import type { ContentRepository } from '../../repositories/content.repository.ts';
import type { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import { segmentsWithSpeakers, storedSpeakers } from '../speakers/speaker-model.ts';

export interface WriteDeps {
  content: ContentRepository;
  transcriptions: TranscriptionsRepository;
  users: UsersRepository;
  writer: WriterRouter;
  pipeline: ContentPipeline;
  logger: FastifyBaseLogger;
}

/**
 * The write stage: the piece in its first language from the source, by the configured language
 * model or the built-in composer (grounded: every block names the segments it rests on). What
 * follows is the pipeline's to decide.
 */
export class WriteService {
  constructor(private readonly deps: WriteDeps) {}

  async run(job: JobContext<JobPayload<typeof contentWriteJob>>): Promise<void> {
    const { pipeline } = this.deps;
    const piece = await this.deps.content.findById(job.payload.contentId);
    if (!piece) throw new PermanentJobError('The content was deleted before it could be written');
    const source = await this.deps.transcriptions.findById(piece.transcriptionId);
    if (!source) throw new PermanentJobError('The transcript was deleted before content could be written');
    // Writing takes the whole bar when no translation follows.
    const share = piece.languages.length > 1 ? WRITE_SHARE : 99;
    const progress = async (percent: number) => {
      await job.progress(percent, 'Writing...');
      await pipeline.progress(piece.id, percent, 'Writing...');
    };
    await progress(1);
    const user = await this.deps.users.findById(piece.userId);
    let lastWrite = 0;
    // The last progress write still under way: the piece's next state must land after it.
    let progressWrite: Promise<unknown> = Promise.resolve();
    let written: Awaited<ReturnType<WriterRouter['write']>>;
    try {
      written = await this.deps.writer.write({
        // Each segment with its speaker's name, so a language model reads who says what.
        segments: segmentsWithSpeakers(source.segments, storedSpeakers(source.speakers)),
        text: source.editedText ?? source.originalText,
        timed: source.source === 'audio',
        language: piece.language,
        contentType: piece.contentType,
        title: piece.requestedTitle ?? undefined,
        sourceTitle: (await this.deps.transcriptions.itemTitle(source)) ?? undefined,
        keywords: piece.keywords,
        platforms: piece.targetPlatforms,
        voice: user?.writingVoice ?? undefined,
        signal: job.signal,
        onProgress: (f) => {
          const percent = 1 + f * (share - 1);
          // Streamed answers report often: one write per few percent is enough for the bar.
          if (percent - lastWrite < 3) return;
          lastWrite = percent;
          // Chained, so writes land in order and all before the piece's next state.
          progressWrite = progressWrite
            .then(() => progress(percent))
            .catch((err: unknown) =>
              this.deps.logger.warn({ err, contentId: piece.id }, 'progress write failed'),
            );
        },
      });
    } catch (err) {
      await progressWrite;
      await this.failed(job, piece.id, err);
      throw err;
    }
    await progressWrite;
    const { body } = written.result;
    const writer: WriterRecord = {
      engine: written.engine.id,
      model: written.result.model,
      reason: written.reason,
      attempts: written.attempts.map(({ result: _r, passedOver: _p, ...a }) => a),
    };
    const first: ContentTranslation = {
      title: body.title,
      text: body.text,
      status: 'completed',
      method: 'written',
      service: written.engine.id,
      reason: written.reason,
      error: null,
      blocks: body.blocks,
      metadata: { word_count: body.word_count },
    };
    await pipeline.written(job, piece, { first, body, writer });
  }

  /** Writing failed: on the last attempt (or when retrying cannot help) the piece fails. */
  private async failed(job: JobContext<unknown>, id: string, err: unknown): Promise<void> {
    const retryable =
      (err as { retryable?: boolean }).retryable !== false && !(err instanceof PermanentJobError);
    const shown = userMessageOf(err, 'Content enhancement failed');
    if (retryable && job.attempt < job.maxAttempts) {
      if (!job.signal.aborted) await this.deps.pipeline.retrying(id, shown);
      return;
    }
    this.deps.logger.warn({ err, contentId: id }, 'content enhancement failed');
    await this.deps.pipeline.failed(job, id, shown);
    if (!retryable) throw new PermanentJobError(shown);
  }
}
