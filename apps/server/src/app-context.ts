import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config/config.ts';
import type { Database } from './db/database.ts';
import type { RendererRouter } from './engines/renderer/renderer-router.ts';
import type { SpeechRouter } from './engines/speech/speech-router.ts';
import type { TranslatorRouter } from './engines/translator/translator-router.ts';
import type { WriterRouter } from './engines/writer/writer-router.ts';
import type { EventBus } from './events/event-bus.ts';
import type { GuardedFetch } from './net/guarded-fetch.ts';
import type { ContentPipeline } from './pipeline/content-pipeline.ts';
import type { ItemPipeline } from './pipeline/item-pipeline.ts';
import type { Queue } from './queue/queue.ts';
import type { UsersRepository } from './repositories/users.repository.ts';
import type { AccountService } from './services/account/account.service.ts';
import type { AvatarService } from './services/account/avatar.service.ts';
import type { DataExportService } from './services/account/data-export.service.ts';
import type { PasswordResetService } from './services/account/password-reset.service.ts';
import type { AudioService } from './services/audio/audio.service.ts';
import type { AudioImportService } from './services/audio-import/audio-import.service.ts';
import type { ApiTokensService } from './services/auth/api-tokens.service.ts';
import type { AuthService } from './services/auth/auth.service.ts';
import type { AccessTokens } from './services/auth/tokens.ts';
import type { ContentService } from './services/content/content.service.ts';
import type { DocumentService } from './services/content/document.service.ts';
import type { TranslateService } from './services/content/translate.service.ts';
import type { WriteService } from './services/content/write.service.ts';
import type { Infographics } from './services/infographics/infographics.ts';
import type { ItemsService } from './services/items/items.service.ts';
import type { MeaningService } from './services/meaning/meaning.service.ts';
import type { ConnectionsService } from './services/publishing/connections.service.ts';
import type { PublishService } from './services/publishing/publish.service.ts';
import type { RenditionService } from './services/publishing/rendition.service.ts';
import type { ServerSettings } from './services/settings/server-settings.service.ts';
import type { ShareTickets } from './services/shares/share-tickets.ts';
import type { SharesService } from './services/shares/shares.service.ts';
import type { SpeakersService } from './services/speakers/speakers.service.ts';
import type { TranscribeService } from './services/transcription/transcribe.service.ts';
import type { TranscriptionService } from './services/transcription/transcription.service.ts';
import type { WebhookService } from './services/webhooks/webhook.service.ts';
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
  /** Personal access tokens (`vxp_…`) for scripts. */
  apiTokens: ApiTokensService;
  blobs: BlobStore;
  /** This process's folder for temporary files. */
  scratch: ScratchSpace;
  speech: SpeechRouter;
  /** Owns each item's stages and their state. */
  pipeline: ItemPipeline;
  audio: AudioService;
  /** Imports from a link, a podcast feed or a video site's page. */
  audioImport: AudioImportService;
  transcribe: TranscribeService;
  transcriptions: TranscriptionService;
  /** Who speaks when: the detection job after transcription, and the owner's fixes. */
  speakers: SpeakersService;
  writer: WriterRouter;
  translators: TranslatorRouter;
  /** Draws infographics; its worker threads start on first use or with `renderer.start()`. */
  renderer: RendererRouter;
  /** Meaning search: the embedding model and the passages' vectors (ask finds by meaning too). */
  meaning: MeaningService;
  content: ContentService;
  /** A piece's stages: write, then translate. */
  contentPipeline: ContentPipeline;
  writeContent: WriteService;
  translateContent: TranslateService;
  documents: DocumentService;
  /** Recordings, uploads and documents as the library's items. */
  items: ItemsService;
  /** Public read-only links to one item (`/s/<token>`). */
  shares: SharesService;
  /** Short-lived tickets for the files a share page plays. */
  shareTickets: ShareTickets;
  /** Infographic generation (now and as jobs), templates, saved images and collections. */
  infographics: Infographics;
  users: UsersRepository;
  /** Settings the administrator changes at run time, over the environment's defaults. */
  serverSettings: ServerSettings;
  account: AccountService;
  avatars: AvatarService;
  dataExport: DataExportService;
  passwordReset: PasswordResetService;
  /** Platform renditions of a piece (X thread, LinkedIn post, article...). */
  renditions: RenditionService;
  /** Sites a user publishes to. */
  connections: ConnectionsService;
  publishing: PublishService;
  webhooks: WebhookService;
  /** The guarded client for requests to addresses users choose. */
  outbound: GuardedFetch;
}
