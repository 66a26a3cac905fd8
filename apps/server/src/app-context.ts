import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import type { SpeechRouter } from './engines/speech/speech-router.ts';
import type { TranslatorRouter } from './engines/translator/translator-router.ts';
import type { WriterRouter } from './engines/writer/writer-router.ts';
import type { EventBus } from './events/event-bus.ts';
import type { ItemPipeline } from './pipeline/item-pipeline.ts';
import type { Queue } from './queue/queue.ts';
import type { UsersRepository } from './repositories/users.repository.ts';
import type { AudioService } from './services/audio/audio.service.ts';
import type { AuthService } from './services/auth/auth.service.ts';
import type { AccessTokens } from './services/auth/tokens.ts';
import type { ContentService } from './services/content/content.service.ts';
import type { DocumentService } from './services/content/document.service.ts';
import type { EnhanceService } from './services/content/enhance.service.ts';
import type { TranscribeService } from './services/transcription/transcribe.service.ts';
import type { TranscriptionService } from './services/transcription/transcription.service.ts';
import type { BlobStore } from './storage/blob-store.ts';
import type { ScratchSpace } from './storage/scratch-space.ts';

/** The long-lived parts every route and service may use, created once at boot. */
export interface AppContext {
  config: Config;
  database: Database;
  events: EventBus;
  queue: Queue;
  logger: FastifyBaseLogger;
  accessTokens: AccessTokens;
  auth: AuthService;
  blobs: BlobStore;
  /** This process's folder for temporary files. */
  scratch: ScratchSpace;
  speech: SpeechRouter;
  /** Owns each item's stages and their state. */
  pipeline: ItemPipeline;
  audio: AudioService;
  transcribe: TranscribeService;
  transcriptions: TranscriptionService;
  writer: WriterRouter;
  translators: TranslatorRouter;
  content: ContentService;
  enhance: EnhanceService;
  documents: DocumentService;
  users: UsersRepository;
}
