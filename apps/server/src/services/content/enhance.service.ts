import type { ContentBlock, ContentTranslation, Segment } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { EngineError, userMessageOf } from '../../engines/engine.ts';
import { languageName } from '../../engines/translator/languages.ts';
import type { TranslatorRouter } from '../../engines/translator/translator-router.ts';
import { bodyFrom } from '../../engines/writer/content-body.ts';
import type { WriterRouter } from '../../engines/writer/writer-router.ts';
import type { JobContext } from '../../queue/queue.ts';
import { PermanentJobError } from '../../queue/queue.ts';
import type { ContentRepository, ContentRow } from '../../repositories/content.repository.ts';
import type { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';
import type { UsersRepository } from '../../repositories/users.repository.ts';
import type { ContentService } from './content.service.ts';
import { languagesOf, translationsOf, type WriterRecord } from './content-mapper.ts';

/** Share of the progress bar for writing; the translations share the rest. */
const WRITE_SHARE = 60;

export interface EnhanceDeps {
  content: ContentRepository;
  contentService: ContentService;
  transcriptions: TranscriptionsRepository;
  users: UsersRepository;
  writer: WriterRouter;
  translators: TranslatorRouter;
  logger: FastifyBaseLogger;
}

type TitledBlock = ContentBlock | { type: 'title'; text: string; segment_ids: number[]; start: null };

/**
 * The enhance job: writes the piece in its first language from the source (grounded: every
 * block names the segments it rests on), then translates it into each other language in turn.
 * Each language ends `completed` or `failed` on its own; a language no translator serves fails
 * with "… translation is not available." and never holds a copy of the source.
 */
export class EnhanceService {
  constructor(private readonly deps: EnhanceDeps) {}

  async run(job: JobContext<{ contentId: string }>): Promise<{ contentId: string }> {
    const row = await this.deps.content.findById(job.payload.contentId);
    if (!row) throw new PermanentJobError('The content was deleted before it could be written');
    const source = await this.deps.transcriptions.findById(row.transcriptionId);
    if (!source) throw new PermanentJobError('The transcript was deleted before content could be written');
    const status = this.deps.contentService;
    const progress = async (percent: number, message: string) => {
      await job.progress(percent, message);
      await status.setStatus(row.id, { status: 'processing', progress: percent, progressMessage: message });
    };
    await progress(1, 'Writing...');
    const languages = languagesOf(row);
    const user = await this.deps.users.findById(row.userId);
    let written: Awaited<ReturnType<WriterRouter['write']>>;
    let lastWrite = 0;
    try {
      written = await this.deps.writer.write({
        segments: source.segments as Segment[],
        text: source.editedText ?? source.originalText,
        timed: source.source === 'audio',
        language: row.language,
        contentType: row.contentType,
        title: row.requestedTitle ?? undefined,
        keywords: row.keywords as string[],
        platforms: row.targetPlatforms as string[],
        voice: user?.writingVoice ?? undefined,
        signal: job.signal,
        onProgress: (f) => {
          const percent = 1 + f * (WRITE_SHARE - 1);
          // Streamed answers report often: one write per few percent is enough for the bar.
          if (percent - lastWrite < 3) return;
          lastWrite = percent;
          void progress(percent, 'Writing...').catch((err: unknown) =>
            this.deps.logger.warn({ err, contentId: row.id }, 'progress write failed'),
          );
        },
      });
    } catch (err) {
      await this.writeFailed(row, job, err);
      throw err;
    }
    const { body } = written.result;
    const writer: WriterRecord = {
      engine: written.engine.id,
      model: written.result.model,
      reason: written.reason,
      attempts: written.attempts.map(({ result: _r, ...a }) => a),
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
    await this.deps.content.setTranslation(row.id, row.language, first, { body, writer, title: body.title });
    const others = languages.filter((l) => l !== row.language);
    for (const [i, language] of others.entries()) {
      const base = WRITE_SHARE + (i / others.length) * (100 - WRITE_SHARE);
      await progress(base, `Translating into ${languageName(language)}...`);
      const entry = await this.translate(row, body.title, body.blocks, language, job.signal);
      const updated = await this.deps.content.setTranslation(row.id, language, entry);
      if (updated) await status.publish(updated);
    }
    await status.setStatus(row.id, {
      status: 'completed',
      progress: 100,
      progressMessage: 'Content ready',
      error: null,
    });
    return { contentId: row.id };
  }

  /** One language: the translated title and blocks (with their grounding), or why not. */
  private async translate(
    row: ContentRow,
    title: string,
    blocks: ContentBlock[],
    target: string,
    signal: AbortSignal,
  ): Promise<ContentTranslation> {
    const input: TitledBlock[] = [{ type: 'title', text: title, segment_ids: [], start: null }, ...blocks];
    try {
      const routed = await this.deps.translators.translate({
        source: row.language,
        target,
        blocks: input,
        signal,
      });
      const [translatedTitle, ...rest] = routed.blocks;
      const body = bodyFrom({
        title: translatedTitle?.text ?? title,
        blocks: rest as ContentBlock[],
        key_points: [],
        quotes: [],
        keywords: [],
        details: null,
      });
      return {
        title: body.title,
        text: body.text,
        status: 'completed',
        method: 'machine',
        service: routed.engine,
        reason: routed.reason,
        error: null,
        blocks: body.blocks,
        metadata: { word_count: body.word_count },
      };
    } catch (err) {
      if (signal.aborted || !(err instanceof EngineError)) throw err;
      this.deps.logger.info({ contentId: row.id, target, detail: err.message }, 'translation failed');
      return {
        ...(translationsOf(row)[target] ?? { title: '', text: '', blocks: [], metadata: { word_count: 0 } }),
        title: '',
        text: '',
        blocks: [],
        metadata: { word_count: 0 },
        status: 'failed',
        method: 'machine',
        service: null,
        reason: null,
        error: err.userMessage,
      };
    }
  }

  /** Writing failed: on the last attempt (or when retrying cannot help) the piece fails. */
  private async writeFailed(row: ContentRow, job: JobContext<unknown>, err: unknown): Promise<void> {
    const retryable =
      (err as { retryable?: boolean }).retryable !== false && !(err instanceof PermanentJobError);
    const shown = userMessageOf(err, 'Content enhancement failed');
    if (retryable && job.attempt < job.maxAttempts) {
      if (!job.signal.aborted)
        await this.deps.contentService.setStatus(row.id, {
          progressMessage: `Retrying after an error: ${shown}`,
        });
      return;
    }
    this.deps.logger.warn({ err, contentId: row.id }, 'content enhancement failed');
    const translations = Object.fromEntries(
      Object.entries(translationsOf(row)).map(([l, t]) => [l, { ...t, status: 'failed', error: shown }]),
    );
    await this.deps.contentService.setStatus(row.id, {
      status: 'failed',
      progressMessage: null,
      error: shown,
      translations,
    });
    if (!retryable) throw new PermanentJobError(shown);
  }
}
