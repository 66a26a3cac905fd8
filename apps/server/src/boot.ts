import { statfs } from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import type { AppContext } from './app-context.ts';
import type { Config } from './config/config.ts';
import { openDatabase } from './db/database.ts';
import { ensureVectorStore } from './db/vector-store.ts';
import { diarize, diarizerRouter } from './engines/diarizer/diarizer-router.ts';
import { embedderRouter } from './engines/embedder/embedder-router.ts';
import { RendererRouter } from './engines/renderer/renderer-router.ts';
import { decodeToWav } from './engines/speech/ffmpeg.ts';
import { SpeechRouter } from './engines/speech/speech-router.ts';
import { createTranslatorRouter } from './engines/translator/translators.ts';
import { WriterRouter } from './engines/writer/writer-router.ts';
import { CompletionEvents } from './events/completion-events.ts';
import { createEventBus } from './events/create-event-bus.ts';
import { REDACTED_HEADERS, requestLogSerializers } from './http/log-redaction.ts';
import { registerJobs } from './jobs/index.ts';
import { SecretBox } from './lib/secret-box.ts';
import { GuardedFetch } from './net/guarded-fetch.ts';
import { ContentPipeline } from './pipeline/content-pipeline.ts';
import { ImageSetPipeline } from './pipeline/image-set-pipeline.ts';
import { ItemPipeline } from './pipeline/item-pipeline.ts';
import { createQueue } from './queue/create-queue.ts';
import { AccountDataRepository } from './repositories/account-data.repository.ts';
import { ApiTokensRepository } from './repositories/api-tokens.repository.ts';
import { AudioRepository } from './repositories/audio.repository.ts';
import { ContentRepository } from './repositories/content.repository.ts';
import { ItemsRepository } from './repositories/items.repository.ts';
import { LoginThrottlesRepository } from './repositories/login-throttles.repository.ts';
import { PasswordResetsRepository } from './repositories/password-resets.repository.ts';
import { PublishingRepository } from './repositories/publishing.repository.ts';
import { RenditionsRepository } from './repositories/renditions.repository.ts';
import { ServerSettingsRepository } from './repositories/server-settings.repository.ts';
import { SessionsRepository } from './repositories/sessions.repository.ts';
import { SharesRepository } from './repositories/shares.repository.ts';
import { TranscriptionsRepository } from './repositories/transcriptions.repository.ts';
import { UserSettingsRepository } from './repositories/user-settings.repository.ts';
import { UsersRepository } from './repositories/users.repository.ts';
import { AccountService } from './services/account/account.service.ts';
import { AvatarService } from './services/account/avatar.service.ts';
import { DataExportService } from './services/account/data-export.service.ts';
import { SmtpMailer } from './services/account/mailer.ts';
import { PasswordResetService } from './services/account/password-reset.service.ts';
import { AudioService } from './services/audio/audio.service.ts';
import { AudioImportService } from './services/audio-import/audio-import.service.ts';
import { ApiTokensService } from './services/auth/api-tokens.service.ts';
import { AuthService } from './services/auth/auth.service.ts';
import { GoogleVerifier } from './services/auth/google-verifier.ts';
import { LoginThrottle } from './services/auth/login-throttle.ts';
import { AnnouncedRefreshTokens, SessionGate } from './services/auth/session-gate.ts';
import { AccessTokens } from './services/auth/tokens.ts';
import { ContentService } from './services/content/content.service.ts';
import { DocumentService } from './services/content/document.service.ts';
import { TranslateService } from './services/content/translate.service.ts';
import { WriteService } from './services/content/write.service.ts';
import { createInfographics } from './services/infographics/infographics.ts';
import { ItemsService } from './services/items/items.service.ts';
import { MeaningService } from './services/meaning/meaning.service.ts';
import { ConnectionsService } from './services/publishing/connections.service.ts';
import { PublishService } from './services/publishing/publish.service.ts';
import { Publishers } from './services/publishing/publishers.ts';
import { RenditionService } from './services/publishing/rendition.service.ts';
import { ServerSettings } from './services/settings/server-settings.service.ts';
import { ShareTickets } from './services/shares/share-tickets.ts';
import { SharesService } from './services/shares/shares.service.ts';
import { SpeakersService } from './services/speakers/speakers.service.ts';
import { TranscribeService } from './services/transcription/transcribe.service.ts';
import { TranscriptionService } from './services/transcription/transcription.service.ts';
import { WebhookService } from './services/webhooks/webhook.service.ts';
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
  const queue = createQueue(config, { database, events, logger });
  const users = new UsersRepository(database.db);
  const userSettings = new UserSettingsRepository(database.db);
  const serverSettings = new ServerSettings({
    repository: new ServerSettingsRepository(database.db),
    events,
    config,
    box: new SecretBox(config.secret, 'server settings'),
    // Uploads kept on this disk: the upload limit may not pass its free space. S3 has no such figure.
    freeStorageBytes: config.s3
      ? undefined
      : async () => {
          const stats = await statfs(config.dataDir);
          return stats.bavail * stats.bsize;
        },
  });
  const llmSettings = () => serverSettings.llm();
  const throttle = new LoginThrottle(new LoginThrottlesRepository(database.db));
  const sessionsRepository = new SessionsRepository(database.db);
  const sessions = new SessionGate({
    lookup: (id, sessionId) => sessionsRepository.state(id, sessionId),
    events,
    logger,
  });
  const refreshTokens = new AnnouncedRefreshTokens(database.db, sessions);
  const accessTokens = new AccessTokens(config.secret, (id, issuedAtMs, sessionId) =>
    sessions.ended(id, issuedAtMs, sessionId),
  );
  const apiTokens = new ApiTokensService(new ApiTokensRepository(database.db));
  accessTokens.personal = (token) => apiTokens.verify(token);
  const auth = new AuthService({
    users,
    refreshTokens,
    accessTokens,
    google: config.googleClientId
      ? new GoogleVerifier(config.googleClientId, config.auth.googleCertsUrl)
      : undefined,
    throttle,
    sessions,
    settings: userSettings,
    signupsOpen: () => serverSettings.signupsOpen(),
  });
  // Temporary files of this process; a sweep removes those a crashed process left behind.
  const scratch = new ScratchSpace(path.join(config.dataDir, 'tmp'));
  await scratch.open();
  const tmpDir = scratch.dir;
  const blobs = createBlobStore(config, tmpDir);
  // The whisper model the administrator chose at run time (if any) applies from the next job.
  const speech = new SpeechRouter(config.speech, logger, {
    whisper: { chosenModel: () => serverSettings.whisperModel() },
  });
  const audioRepository = new AudioRepository(database.db);
  const transcriptionsRepository = new TranscriptionsRepository(database.db);
  // Requests to addresses users choose (their sites, their webhooks) go through one guard.
  const outbound = new GuardedFetch({ allowPrivate: config.publishAllowPrivate });
  const publishingRepository = new PublishingRepository(database.db);
  const webhooks = new WebhookService({
    repository: publishingRepository,
    box: new SecretBox(config.secret, 'webhooks'),
    http: outbound,
    queue,
    logger,
  });
  const completions = new CompletionEvents(webhooks, config.publicUrl);
  const pipeline = new ItemPipeline({ database, queue, events, logger, completions });
  const audio = new AudioService({
    audio: audioRepository,
    blobs,
    events,
    tmpDir,
    maxDurationS: config.maxAudioS,
    quotaBytes: () => serverSettings.quotaBytes(),
    maxUploadBytes: () => serverSettings.maxUploadBytes(),
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
  const diarizers = diarizerRouter(logger, { modelsDir: config.speech.whisper.modelsDir });
  const speakers = new SpeakersService({
    database,
    audio: audioRepository,
    pipeline,
    blobs,
    decodeToWav,
    diarize: (request) => diarize(diarizers, request),
    tmpDir,
    logger,
  });
  const writer = new WriterRouter(config.llm, logger, undefined, llmSettings);
  const translators = createTranslatorRouter(config, logger, llmSettings);
  const renderer = new RendererRouter(config.render, logger);
  const meaning = new MeaningService({
    db: database.db,
    router: embedderRouter(logger, config.embedding),
    queue,
    logger,
    vectorsMissing: (await ensureVectorStore(database.db)).reason,
  });
  const contentRepository = new ContentRepository(database.db);
  const contentPipeline = new ContentPipeline({ database, queue, events, logger, completions });
  const content = new ContentService({
    content: contentRepository,
    transcriptions: transcriptionsRepository,
    pipeline: contentPipeline,
    usesLanguageModel: async () =>
      (await writer.router.choose({ label: 'content', supports: () => true })).engine.id !== 'composer',
    untranslatable: (source, targets) => translators.unavailable(source, targets),
  });
  const writeContent = new WriteService({
    content: contentRepository,
    transcriptions: transcriptionsRepository,
    users,
    writer,
    pipeline: contentPipeline,
    logger,
  });
  const translateContent = new TranslateService({
    content: contentRepository,
    translators,
    pipeline: contentPipeline,
    logger,
  });
  const publishers = new Publishers(outbound, new SecretBox(config.secret, 'publishing connections'));
  const connections = new ConnectionsService(publishingRepository, publishers);
  const infographics = createInfographics({
    config,
    database,
    queue,
    events,
    blobs,
    tokens: accessTokens,
    content,
    transcriptions: transcriptionsRepository,
    renderer: {
      status: () => renderer.status(),
      render: async (request, signal) =>
        (await renderer.render(request, signal ?? new AbortController().signal)).result,
    },
    llmSettings,
    logger,
    imageSets: new ImageSetPipeline({ queue, completions }),
  });
  const itemsRepository = new ItemsRepository(database.db);
  const ctx: AppContext = {
    config,
    database,
    events,
    queue,
    logger,
    accessTokens,
    auth,
    apiTokens,
    blobs,
    scratch,
    speech,
    pipeline,
    audio,
    audioImport: new AudioImportService({
      database,
      audio: audioRepository,
      audioService: audio,
      queue,
      guard: outbound,
      tmpDir,
    }),
    transcribe,
    transcriptions: new TranscriptionService(audioRepository, transcriptionsRepository),
    speakers,
    writer,
    translators,
    renderer,
    meaning,
    content,
    contentPipeline,
    writeContent,
    translateContent,
    documents: new DocumentService(transcriptionsRepository),
    items: new ItemsService({
      items: itemsRepository,
      audio: audioRepository,
      audioService: audio,
      transcriptions: transcriptionsRepository,
    }),
    shares: new SharesService({
      shares: new SharesRepository(database.db),
      items: itemsRepository,
      transcriptions: transcriptionsRepository,
      box: new SecretBox(config.secret, 'share links'),
      publicUrl: config.publicUrlConfigured ? config.publicUrl : undefined,
    }),
    shareTickets: new ShareTickets(config.secret),
    infographics,
    users,
    serverSettings,
    account: new AccountService({
      database,
      users,
      settings: userSettings,
      refreshTokens,
      auth,
      throttle,
      blobs,
      logger,
    }),
    avatars: new AvatarService(users, blobs),
    dataExport: new DataExportService(new AccountDataRepository(database.db), blobs, logger, (userId) =>
      infographics.library.exportFor(userId),
    ),
    passwordReset: new PasswordResetService({
      database,
      users,
      resets: new PasswordResetsRepository(database.db),
      refreshTokens,
      mailer: config.smtp ? new SmtpMailer(config.smtp.url, config.smtp.from) : undefined,
      publicUrl: config.publicUrl,
      logger,
    }),
    renditions: new RenditionService({
      content,
      contentRows: contentRepository,
      renditions: new RenditionsRepository(database.db),
      users,
      writer,
      pipeline: contentPipeline,
      llm: { timeoutMs: config.llm.timeoutMs, maxRetries: config.llm.maxRetries },
      logger,
    }),
    connections,
    publishing: new PublishService({
      content,
      connections,
      repository: publishingRepository,
      publishers,
      images: infographics.featured,
      logger,
    }),
    webhooks,
    outbound,
  };
  registerJobs(ctx);
  return ctx;
}

/** How often a worker looks for new transcript passages to embed. */
const MEANING_CHECK_MS = 30_000;

/**
 * Starts this process's workers, then queues items a stopped process left accepted but without a
 * job (the pipeline now writes both together; older databases may still hold such items).
 */
export async function startWorkers(ctx: AppContext): Promise<void> {
  await ctx.queue.start();
  // New transcript passages get their vectors (when an embedding model is ready) within a minute.
  ctx.meaning.watch(MEANING_CHECK_MS);
  await ctx.pipeline
    .sweep()
    .catch((err: unknown) => ctx.logger.warn({ err }, 'sweeping items left without a job failed'));
}

/**
 * Stops workers (a job still running after the grace period is handed back to the queue), then
 * closes the event bus and the database.
 */
export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.queue.stop(ctx.config.jobs.stopGraceMs);
  await ctx.speech.close();
  await ctx.renderer.close();
  await ctx.meaning.close();
  ctx.serverSettings.close();
  ctx.passwordReset.close();
  await ctx.outbound.close();
  await ctx.events.close();
  await ctx.database.close();
  await ctx.scratch.close();
}
