import path from 'node:path';
import pino from 'pino';
import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { decodeToWav } from './engines/speech/ffmpeg.ts';
import { SpeechRouter } from './engines/speech/speech-router.ts';
import { createTranslatorRouter } from './engines/translator/translators.ts';
import { WriterRouter } from './engines/writer/writer-router.ts';
import { createEventBus } from './events/create-event-bus.ts';
import { REDACTED_HEADERS, requestLogSerializers } from './http/log-redaction.ts';
import { registerJobs } from './jobs/index.ts';
import { ItemPipeline } from './pipeline/item-pipeline.ts';
import { EmbeddedQueue } from './queue/embedded-queue.ts';
import { AudioRepository } from './repositories/audio.repository.ts';
import { ContentRepository } from './repositories/content.repository.ts';
import { LoginThrottlesRepository } from './repositories/login-throttles.repository.ts';
import { RefreshTokensRepository } from './repositories/refresh-tokens.repository.ts';
import { TranscriptionsRepository } from './repositories/transcriptions.repository.ts';
import { UsersRepository } from './repositories/users.repository.ts';
import { AudioService } from './services/audio/audio.service.ts';
import { AuthService } from './services/auth/auth.service.ts';
import { GoogleVerifier } from './services/auth/google-verifier.ts';
import { LoginThrottle } from './services/auth/login-throttle.ts';
import { AccessTokens } from './services/auth/tokens.ts';
import { ContentService } from './services/content/content.service.ts';
import { DocumentService } from './services/content/document.service.ts';
import { EnhanceService } from './services/content/enhance.service.ts';
import { TranscribeService } from './services/transcription/transcribe.service.ts';
import { TranscriptionService } from './services/transcription/transcription.service.ts';
import { createBlobStore } from './storage/create-blob-store.ts';
import { ScratchSpace } from './storage/scratch-space.ts';

/** Opens and migrates the database and wires the queue and event bus; nothing is listening yet. */
export async function createContext(
  config: Config,
  options: { memoryDb?: boolean; logDestination?: pino.DestinationStream } = {},
): Promise<AppContext> {
  const logger = pino(
    { level: config.logLevel, redact: REDACTED_HEADERS, serializers: requestLogSerializers },
    options.logDestination,
  );
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: options.memoryDb ? 'memory' : config.dataDir,
    onConnectionError: (err) => logger.warn({ err }, 'database connection dropped'),
  });
  await database.migrate();
  const events = createEventBus(config, logger);
  const queue = new EmbeddedQueue({
    database,
    events,
    logger,
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
  });
  const users = new UsersRepository(database.db);
  const accessTokens = new AccessTokens(config.secret, (id, issuedAtMs) =>
    users.sessionsEndedAfter(id, issuedAtMs),
  );
  const auth = new AuthService({
    users,
    refreshTokens: new RefreshTokensRepository(database.db),
    accessTokens,
    google: config.googleClientId
      ? new GoogleVerifier(config.googleClientId, config.auth.googleCertsUrl)
      : undefined,
    throttle: new LoginThrottle(new LoginThrottlesRepository(database.db)),
    signupsOpen: config.auth.signupsOpen,
  });
  // Temporary files of this process; a sweep removes those a crashed process left behind.
  const scratch = new ScratchSpace(path.join(config.dataDir, 'tmp'));
  await scratch.open();
  const tmpDir = scratch.dir;
  const blobs = createBlobStore(config, tmpDir);
  const speech = new SpeechRouter(config.speech, logger);
  const audioRepository = new AudioRepository(database.db);
  const transcriptionsRepository = new TranscriptionsRepository(database.db);
  const pipeline = new ItemPipeline({ database, queue, events, logger });
  const audio = new AudioService({
    audio: audioRepository,
    blobs,
    events,
    tmpDir,
    quotaBytes: config.storageQuotaBytes,
    startPipeline: (row) => pipeline.start(row.id),
  });
  const transcribe = new TranscribeService({
    audio: audioRepository,
    audioService: audio,
    pipeline,
    blobs,
    speech: {
      decodeToWav,
      transcribe: (request) => speech.transcribe(request),
    },
    tmpDir,
    logger,
  });
  const writer = new WriterRouter(config.llm, logger);
  const translators = createTranslatorRouter(config, logger);
  const contentRepository = new ContentRepository(database.db);
  const content = new ContentService({
    database,
    content: contentRepository,
    transcriptions: transcriptionsRepository,
    queue,
    events,
    usesLanguageModel: async () =>
      (await writer.router.choose({ label: 'content', supports: () => true })).engine.id !== 'composer',
  });
  const enhance = new EnhanceService({
    content: contentRepository,
    contentService: content,
    transcriptions: transcriptionsRepository,
    users,
    writer,
    translators,
    logger,
  });
  const ctx: AppContext = {
    config,
    database,
    events,
    queue,
    logger,
    accessTokens,
    auth,
    blobs,
    scratch,
    speech,
    pipeline,
    audio,
    transcribe,
    transcriptions: new TranscriptionService(audioRepository, transcriptionsRepository),
    writer,
    translators,
    content,
    enhance,
    documents: new DocumentService(transcriptionsRepository),
    users,
  };
  registerJobs(ctx);
  return ctx;
}

/**
 * Starts this process's workers, then queues items a stopped process left accepted but without a
 * job (the pipeline now writes both together; older databases may still hold such items).
 */
export async function startWorkers(ctx: AppContext): Promise<void> {
  await ctx.queue.start();
  await ctx.pipeline
    .sweep()
    .catch((err: unknown) => ctx.logger.warn({ err }, 'sweeping items left without a job failed'));
}

/** Stops workers, then closes the event bus and the database. */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.queue.stop();
  await ctx.speech.close();
  await ctx.events.close();
  await ctx.database.close();
  await ctx.scratch.close();
}
