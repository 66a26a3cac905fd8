import {
  type ContentTranslation,
  PUBLISHER_PLATFORMS,
  type TranscriptionAttempt,
  type TranscriptVersion,
  type WebhookEventType,
  type WebhookPayload,
} from '@voxpress/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AttemptRecord,
  ContentVersion,
  StoredContentBody,
  StoredSegment,
  StoredSetting,
  StoredSpeaker,
  WriterRecord,
} from './json-columns.ts';

export const jobStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Durable jobs of the embedded queue: claimed with row locks, leased, retried with backoff. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Unknown until the job kind's schema parses it (the queue checks it again on every run). */
    payload: jsonb('payload').$type<unknown>().notNull(),
    status: text('status', { enum: jobStatuses }).notNull().default('queued'),
    priority: integer('priority').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    timeoutMs: integer('timeout_ms').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    progress: real('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    /** What the handler returned; each kind's own, read only by status views. */
    result: jsonb('result').$type<unknown>(),
    error: text('error'),
    ownerId: uuid('owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_claim_idx').on(t.status, t.runAt).where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_owner_idx').on(t.ownerId),
  ],
);

/**
 * The transactional outbox of the BullMQ queue: a row is written with its job, in the caller's
 * transaction, and relayed to Redis after the commit (or by a worker's sweep, should the relay
 * be lost to a crash). Its id is the BullMQ job id, so relaying a row twice adds one job.
 */
export const jobOutbox = pgTable(
  'job_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_outbox_created_idx').on(t.createdAt)],
);

/** People who sign in. Email is stored lower-cased; a Google account links by its subject id. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    profileImage: text('profile_image'),
    /** The uploaded picture's blob key (`avatars/<user>/<token>.webp`); `profileImage` is its link. */
    avatarKey: text('avatar_key'),
    googleSub: text('google_sub').unique(),
    /** The first account administers the installation; everyone else is a user. */
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    /** Access tokens issued before this instant no longer count (set when sessions are revoked). */
    sessionsValidFrom: timestamp('sessions_valid_from', { withTimezone: true }),
    /** The user's note on how they write, handed to language-model writers (at most 1000 characters). */
    writingVoice: text('writing_voice'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one administrator, so two first sign-ups at once cannot both become one.
  (t) => [uniqueIndex('users_single_admin').on(t.role).where(sql`${t.role} = 'admin'`)],
);

/**
 * Failed password sign-ins per account (by email, whether or not the account exists), shared by
 * every process through the database. Past a few failures each attempt locks the account's
 * sign-in for a doubling delay, whichever address it comes from.
 */
export const loginThrottles = pgTable('login_throttles', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull(),
  lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use rotates the token within its family; using a
 * spent token again revokes the whole family (the session), since it means the token leaked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * A personal access token (`vxp_…`) a user made for scripts: only its SHA-256 is kept. `scopes`
 * holds `read` (GET and HEAD routes) and/or `write` (the others); account management is refused.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The token's first eight characters (`vxp_` and four more), shown to tell tokens apart. */
    prefix: text('prefix').notNull(),
    scopes: jsonb('scopes').$type<('read' | 'write')[]>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);

/** Where an imported item's file was fetched from (`POST /audio/import`). */
export type AudioOrigin =
  | { kind: 'link'; url: string }
  | { kind: 'site'; url: string; site: string | null }
  | {
      kind: 'feed_episode';
      url: string;
      feed_title: string | null;
      feed_url: string;
      published_at: string | null;
    };

/** An uploaded or recorded audio file and where its transcription stands. */
export const audio = pgTable(
  'audio',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** A stand-in title the user did not give: the transcript's first words replace it once heard. */
    titleProvisional: boolean('title_provisional').notNull().default(false),
    description: text('description'),
    source: text('source', { enum: ['recording', 'upload'] }).notNull(),
    /**
     * Where an item brought in from the web came from (a link, a feed's episode, a video site's
     * page): null for a file uploaded or recorded here.
     */
    origin: jsonb('origin').$type<AudioOrigin>(),
    fileName: text('file_name'),
    fileFormat: text('file_format'),
    mimeType: text('mime_type'),
    sizeBytes: integer('size_bytes'),
    durationS: real('duration_s'),
    codec: text('codec'),
    language: text('language').notNull().default('en-US'),
    googleLanguageCode: text('google_language_code'),
    useWhisperForEnglish: boolean('use_whisper_for_english').notNull().default(true),
    blobKey: text('blob_key').notNull(),
    status: text('status', { enum: ['pending_upload', 'uploaded', 'processing', 'completed', 'failed'] })
      .notNull()
      .default('pending_upload'),
    transcriptionStatus: text('transcription_status', {
      enum: ['not_started', 'queued', 'processing', 'completed', 'failed'],
    })
      .notNull()
      .default('not_started'),
    transcriptionId: uuid('transcription_id'),
    /** How many voices to look for: null finds out, 1 turns speaker detection off, 2–10 as given. */
    speakersRequested: integer('speakers_requested'),
    /** Where speaker detection stands; it runs after transcription, the transcript usable meanwhile. */
    speakersStatus: text('speakers_status', {
      enum: ['not_started', 'off', 'queued', 'processing', 'completed', 'failed'],
    })
      .notNull()
      .default('not_started'),
    /** Why speaker detection failed, in words the user may read. */
    speakersError: text('speakers_error'),
    jobId: uuid('job_id'),
    progress: real('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    error: text('error'),
    uploadExpiresAt: timestamp('upload_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audio_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * What a speech engine heard, plus the user's edits (the original text is never overwritten). A
 * written document uploaded as a content source is stored here too (`source` = document, no audio):
 * its paragraphs are the segments, so writing from it stays grounded the same way.
 */
export const transcriptions = pgTable(
  'transcriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    audioId: uuid('audio_id').references(() => audio.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['audio', 'document'] })
      .notNull()
      .default('audio'),
    /** A document's title; audio transcripts take theirs from the audio. */
    title: text('title'),
    /** A document's description (audio keeps its own). */
    description: text('description'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    originalText: text('original_text').notNull(),
    editedText: text('edited_text'),
    /** The edit as rich text (HTML from the editor); `editedText` is its plain text. */
    editedHtml: text('edited_html'),
    language: text('language').notNull(),
    confidence: real('confidence'),
    provider: text('provider').notNull(),
    model: text('model'),
    /** Each segment may carry `speaker`, the id of one entry of `speakers`. */
    segments: jsonb('segments').$type<StoredSegment[]>().notNull().default([]),
    /** The voices found: `{id, name, colour}` each, names given by the user (null until then). */
    speakers: jsonb('speakers').$type<StoredSpeaker[]>().notNull().default([]),
    /** The engine that found the speakers (null before speaker detection). */
    diarizer: text('diarizer'),
    /** Every engine attempt: provider, model, reason it was chosen, text, time taken. */
    attempts: jsonb('attempts').$type<TranscriptionAttempt[]>().notNull().default([]),
    /** Earlier saved edits (text and, when rich, html), newest first (at most 20). */
    versions: jsonb('versions').$type<TranscriptVersion[]>().notNull().default([]),
    /** Goes up by one with every saved edit; a save names the version it was made from. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transcriptions_audio_idx').on(t.audioId)],
);

export const contentStatuses = ['pending', 'processing', 'completed', 'failed'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/**
 * A piece of content written from a transcript (or document): one per content type per source.
 * `body` is the piece in its first language; `translations` holds every requested language
 * (the first one included) with its own status, title, text and grounded blocks.
 */
export const content = pgTable(
  'content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transcriptionId: uuid('transcription_id')
      .notNull()
      .references(() => transcriptions.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    title: text('title').notNull().default(''),
    /** The title the user asked for, if any (a rerun keeps using it). */
    requestedTitle: text('requested_title'),
    language: text('language').notNull(),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    keywords: jsonb('keywords').$type<string[]>().notNull().default([]),
    targetPlatforms: jsonb('target_platforms').$type<string[]>().notNull().default([]),
    status: text('status', { enum: contentStatuses }).notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    /** The piece in its first language (a `ContentBody`, see `StoredContentBody`), null until written. */
    body: jsonb('body').$type<StoredContentBody>(),
    /** Language → `ContentTranslation` (status, title, text, blocks, engine, error). */
    translations: jsonb('translations').$type<Record<string, ContentTranslation>>().notNull().default({}),
    /** Which engine wrote the piece, why, and every engine tried. */
    writer: jsonb('writer').$type<WriterRecord>(),
    error: text('error'),
    jobId: uuid('job_id'),
    /** Earlier saved edits per language, newest first. */
    versions: jsonb('versions').$type<ContentVersion[]>().notNull().default([]),
    /** Raised on every save: an edit based on an older revision is refused (409). */
    revision: integer('revision').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('content_source_type_idx').on(t.transcriptionId, t.contentType),
  ],
);

/**
 * Each user's own defaults, kept on the server so they follow the user to any browser. A missing
 * row (or a null column) means the built-in default.
 */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  theme: text('theme', { enum: ['light', 'dark'] }),
  /** One of the 25 interface languages. */
  interfaceLanguage: text('interface_language'),
  /** BCP-47 code the capture panel starts with, e.g. en-US. */
  transcriptionLanguage: text('transcription_language'),
  /** Languages the Enhance panel starts with (content language codes). */
  contentLanguages: jsonb('content_languages').$type<string[]>(),
  contentType: text('content_type'),
  platforms: jsonb('platforms').$type<string[]>(),
  /** Keep a voice print of each speaker the user names (`voice_profiles`); off unless chosen. */
  rememberVoices: boolean('remember_voices').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A voice the user named, remembered across recordings (only with `remember_voices` on): its print
 * is the running mean of the prints of the speakers given this name, numbers that describe how
 * the voice sounds, never audio. One per name (case aside) per user.
 */
export const voiceProfiles = pgTable(
  'voice_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vector: real('vector').array().notNull(),
    /** How many named speakers (of recordings) the print is the mean of. */
    recordings: integer('recordings').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voice_profiles_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * Password reset links: only the SHA-256 of the token is kept, so a copy of the database opens no
 * account. A link works once, until `expiresAt`.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Settings the administrator changes at run time (sign-ups, storage quota, language models). The
 * environment gives the defaults; a row here overrides one. Secrets are stored encrypted.
 */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<StoredSetting>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One platform's version of a piece in one language (an X thread, a LinkedIn post, the article as
 * Markdown and HTML...). Made by the writer in use, or saved by hand (`edited`); `sourceRevision`
 * is the piece's revision it was made from, so a rendition of an older text shows as outdated.
 */
export const renditions = pgTable(
  'renditions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    platform: text('platform').notNull(),
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    html: text('html'),
    charLimit: integer('char_limit').notNull(),
    source: text('source').notNull(),
    edited: boolean('edited').notNull().default(false),
    style: text('style'),
    sourceRevision: integer('source_revision').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('renditions_piece_idx').on(t.contentId, t.language, t.platform)],
);

/**
 * Making a piece's renditions for one language: a durable job's state, so readers see whether
 * renditions are on their way or why they failed.
 */
export const renditionRuns = pgTable(
  'rendition_runs',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull(),
    error: text('error'),
    jobId: uuid('job_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rendition_runs_piece_idx').on(t.contentId, t.language)],
);

/** A user's own platform: its character limit and the style its renditions follow. */
export const customPlatforms = pgTable(
  'custom_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    charLimit: integer('char_limit').notNull(),
    styleNote: text('style_note').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('custom_platforms_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * A site a user publishes to: WordPress (user name + application password) or Ghost (Admin API
 * key). The secret is stored sealed with AES-256-GCM under a key derived from VOXPRESS_SECRET.
 */
export const publishingConnections = pgTable(
  'publishing_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text('platform', { enum: PUBLISHER_PLATFORMS }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    account: text('account').notNull(),
    secret: text('secret').notNull(),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publishing_connections_user_idx').on(t.userId)],
);

/** Where a piece was published, so publishing again updates that post instead of making another. */
export const publications = pgTable(
  'publications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => publishingConnections.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    remoteId: text('remote_id').notNull(),
    remoteUrl: text('remote_url').notNull(),
    status: text('status', { enum: ['draft', 'publish'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('publications_target_idx').on(t.contentId, t.connectionId, t.language)],
);

/** An address that receives signed events (n8n, Zapier, Make); its secret is stored sealed. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    description: text('description').notNull().default(''),
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

/**
 * One event for one webhook and every attempt at delivering it: the delivery log. The payload is
 * fixed when the event happens, so every retry sends the same body (with a fresh signature).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    event: text('event').$type<WebhookEventType>().notNull(),
    payload: jsonb('payload').$type<WebhookPayload>().notNull(),
    attempt: integer('attempt').notNull().default(0),
    status: text('status', { enum: ['pending', 'delivered', 'failed', 'retrying'] })
      .notNull()
      .default('pending'),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    attempts: jsonb('attempts').$type<AttemptRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.webhookId, t.eventId),
    index('webhook_deliveries_created_idx').on(t.webhookId, t.createdAt),
  ],
);

/** What a share link shows besides the title and date (see `zShareParts` in the contracts). */
export interface ShareParts {
  transcript: boolean;
  audio: boolean;
  contentIds: string[];
  infographicIds: string[];
}

/**
 * A public read-only link to one item (`/s/<token>`): only the token's SHA-256 finds it, and the
 * token itself is kept sealed (secret box, bound to the row) so its owner can copy the link again.
 * Exactly one of `audioId` and `documentId` names the item; deleting the item deletes its links.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audioId: uuid('audio_id').references(() => audio.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id').references(() => transcriptions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    parts: jsonb('parts').$type<ShareParts>().notNull(),
    allowIndexing: boolean('allow_indexing').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shares_user_idx').on(t.userId, t.createdAt),
    index('shares_audio_idx').on(t.audioId),
    index('shares_document_idx').on(t.documentId),
  ],
);
