import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Audio, TranscribeRequest, TranscriptionAttempt } from '@voxpress/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { userMessageOf } from '../../engines/engine.ts';
import type { SpeechRequest, SpeechResult } from '../../engines/speech/speech-engine.ts';
import type { transcribeJob } from '../../jobs/transcribe.job.ts';
import { titleFromTranscript, toAudio } from '../../mappers/audio-mapper.ts';
import type { ItemPipeline } from '../../pipeline/item-pipeline.ts';
import type { JobContext, JobPayload } from '../../queue/queue.ts';
import {
  JobCancelledError,
  LeaseLostError,
  PermanentJobError,
  WorkerStoppingError,
} from '../../queue/queue.ts';
import { AudioRepository } from '../../repositories/audio.repository.ts';
import { TranscriptionsRepository } from '../../repositories/transcriptions.repository.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { AudioService } from '../audio/audio.service.ts';
import { speechModelDownloadMessage } from '../engines/speech-download-message.ts';

/** Share of the progress bar given to decoding; recognition fills the rest. */
const DECODE_SHARE = 10;
/** Progress is written to the database at most this often (engines may report very often). */
const PROGRESS_INTERVAL_MS = 400;

/** The speech side as the transcription job needs it: decode, then the chosen engine. */
export interface SpeechService {
  decodeToWav(
    input: string,
    output: string,
    options: { signal: AbortSignal; onProgress(fraction: number): void },
  ): Promise<{ durationS: number }>;
  transcribe(request: SpeechRequest & { useWhisperForEnglish: boolean }): Promise<{
    result: SpeechResult;
    provider: string;
    reason: string;
    attempts: TranscriptionAttempt[];
  }>;
}

export interface TranscribeServiceDeps {
  audio: AudioRepository;
  audioService: AudioService;
  pipeline: ItemPipeline;
  blobs: BlobStore;
  speech: SpeechService;
  tmpDir: string;
  logger: FastifyBaseLogger;
}

/**
 * The transcribe stage: starts it on request and runs its job (fetch the audio, decode it, hear
 * it, store the transcript). What the item's status becomes is the pipeline's business.
 */
export class TranscribeService {
  constructor(private readonly deps: TranscribeServiceDeps) {}

  /**
   * `POST /audio/{id}/transcribe`: a pending upload is checked first (which starts transcription);
   * a queued or running job is not doubled; otherwise a new job starts with the given language.
   */
  async request(
    userId: string,
    audioId: string,
    options: TranscribeRequest & { language?: string | undefined },
  ): Promise<Audio> {
    const row = await this.deps.audioService.owned(userId, audioId);
    const language = options.force_language || options.language || options.google_language_code || undefined;
    const settings = {
      ...(language ? { language } : {}),
      ...(options.use_whisper_for_english === undefined
        ? {}
        : { useWhisperForEnglish: options.use_whisper_for_english }),
    };
    if (row.status === 'pending_upload') {
      if (Object.keys(settings).length) await this.deps.audio.update(row.id, settings);
      return this.deps.audioService.completeUpload(userId, audioId);
    }
    // A queued or running transcription is not doubled (the pipeline checks in its transaction).
    await this.deps.pipeline.start(row.id, settings);
    return toAudio((await this.deps.audio.findById(row.id)) ?? row);
  }

  /** The job handler. A failure on the last attempt (or one retrying cannot fix) marks the audio failed. */
  async run(job: JobContext<JobPayload<typeof transcribeJob>>): Promise<{ transcriptionId: string }> {
    const row = await this.deps.audio.findById(job.payload.audioId);
    if (!row) throw new PermanentJobError('The audio was deleted before it could be transcribed');
    const reporter = this.progressReporter(row.id, job);
    await reporter.set(0, 'Preparing audio...', true);
    const wav = path.join(this.deps.tmpDir, `${job.id}-${job.attempt}.wav`);
    try {
      await mkdir(this.deps.tmpDir, { recursive: true });
      const source = await this.deps.blobs.localFile(row.blobKey, this.deps.tmpDir);
      const { durationS } = await this.deps.speech
        .decodeToWav(source.path, wav, {
          signal: job.signal,
          onProgress: (f) => reporter.set(f * DECODE_SHARE, 'Decoding audio...'),
        })
        .finally(() => source.release());
      if (row.durationS === null) await this.deps.audio.update(row.id, { durationS });
      await reporter.set(DECODE_SHARE, 'Transcribing...', true);
      const heard = await this.deps.speech.transcribe({
        wavPath: wav,
        durationS,
        language: row.language,
        useWhisperForEnglish: row.useWhisperForEnglish,
        signal: job.signal,
        onProgress: (f) => {
          const percent = DECODE_SHARE + f * (99 - DECODE_SHARE);
          void reporter.set(
            percent,
            `Transcribing... ${Math.round(f * durationS)} of ${Math.round(durationS)} s`,
          );
        },
        // The first transcription may wait for the speech model to download: the item says so.
        onModelDownload: (download) => {
          if (!download) return void reporter.set(DECODE_SHARE, 'Transcribing...', true);
          const { model, receivedBytes, totalBytes } = download;
          const percent = Math.floor((receivedBytes / Math.max(1, totalBytes)) * 100);
          // Every process reads the model's percent back from this message (the engines view).
          void reporter.set(
            DECODE_SHARE,
            speechModelDownloadMessage(model, totalBytes, percent),
            receivedBytes === 0,
          );
        },
      });
      await reporter.flush();
      // Stored only while this run holds the job's lease, with the item's next state.
      return await this.deps.pipeline.finish(job, row.id, 'transcribe', async (tx) => {
        const transcription = await new TranscriptionsRepository(tx).create({
          audioId: row.id,
          userId: row.userId,
          originalText: heard.result.text,
          language: heard.result.language,
          confidence: heard.result.confidence,
          provider: heard.provider,
          model: heard.result.model,
          segments: heard.result.segments,
          attempts: heard.attempts,
        });
        // A recording named only by its date takes its first words as its title.
        const title = titleFromTranscript(heard.result.text);
        if (title) await new AudioRepository(tx).replaceProvisionalTitle(row.id, title);
        return { transcriptionId: transcription.id };
      });
    } catch (err) {
      await reporter.flush();
      // A run that lost its lease leaves the item to the worker that holds it now; one stopped
      // by a shutdown or a cancel is not a failure of the item (its job is handed back, or ended).
      const reason = job.signal.reason;
      if (err instanceof LeaseLostError || reason instanceof LeaseLostError) throw err;
      if (reason instanceof WorkerStoppingError || reason instanceof JobCancelledError) throw err;
      const failure = err as Error & { retryable?: boolean };
      const final =
        failure instanceof PermanentJobError || failure.retryable === false || job.attempt >= job.maxAttempts;
      // Users read plain words; what an administrator needs (paths, addresses, commands) is logged.
      const shown = userFacing(err);
      if (final) {
        this.deps.logger.warn({ err, audioId: row.id }, 'transcription failed');
        await this.deps.pipeline.failed(job, row.id, 'transcribe', shown);
        if (failure.retryable === false) throw new PermanentJobError(failure.message);
      } else if (!job.signal.aborted) {
        this.deps.logger.info({ err, audioId: row.id }, 'transcription will be retried');
        await this.deps.pipeline.retrying(row.id, shown);
      }
      throw err;
    } finally {
      await rm(wav, { force: true });
    }
  }

  /** Writes progress to the job and the audio row, throttled; `force` writes at once. */
  private progressReporter(audioId: string, job: JobContext<unknown>) {
    let last = 0;
    let pending: { percent: number; message: string } | undefined;
    let trailing: NodeJS.Timeout | undefined;
    let writing: Promise<void> = Promise.resolve();
    const write = (percent: number, message: string) => {
      writing = writing
        .then(async () => {
          await job.progress(percent, message);
          await this.deps.pipeline.progress(audioId, percent, message);
        })
        .catch((err: unknown) => this.deps.logger.warn({ err, audioId }, 'progress write failed'));
      return writing;
    };
    return {
      set(percent: number, message: string, force = false): Promise<void> {
        const now = Date.now();
        if (!force && now - last < PROGRESS_INTERVAL_MS) {
          pending = { percent, message };
          // The latest value is written when the interval is up, even if the engine goes quiet.
          trailing ??= setTimeout(
            () => {
              trailing = undefined;
              void this.flush();
            },
            PROGRESS_INTERVAL_MS - (now - last),
          );
          return Promise.resolve();
        }
        last = now;
        pending = undefined;
        return write(percent, message);
      },
      flush(): Promise<void> {
        clearTimeout(trailing);
        trailing = undefined;
        if (pending) {
          last = Date.now();
          const p = pending;
          pending = undefined;
          return write(p.percent, p.message);
        }
        return writing;
      },
    };
  }
}

/** The message a user is shown for a failed transcription. */
function userFacing(err: unknown): string {
  if (err instanceof PermanentJobError) return err.message;
  return userMessageOf(err, 'Transcription failed because of an error on the server.');
}
