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

export const jobStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof jobStatuses)[number];

/** Durable jobs of the embedded queue: claimed with row locks, leased, retried with backoff. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
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
    result: jsonb('result'),
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

/** People who sign in. Email is stored lower-cased; a Google account links by its subject id. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    fullName: text('full_name').notNull(),
    profileImage: text('profile_image'),
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
    segments: jsonb('segments').notNull().default([]),
    /** Every engine attempt: provider, model, reason it was chosen, text, time taken. */
    attempts: jsonb('attempts').notNull().default([]),
    /** Earlier saved edits (text and, when rich, html), newest first (at most 20). */
    versions: jsonb('versions').notNull().default([]),
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
    languages: jsonb('languages').notNull().default([]),
    keywords: jsonb('keywords').notNull().default([]),
    targetPlatforms: jsonb('target_platforms').notNull().default([]),
    status: text('status', { enum: contentStatuses }).notNull().default('pending'),
    progress: real('progress').notNull().default(0),
    progressMessage: text('progress_message'),
    /** The piece in its first language (`ContentBody`), null until written. */
    body: jsonb('body'),
    /** Language → `ContentTranslation` (status, title, text, blocks, engine, error). */
    translations: jsonb('translations').notNull().default({}),
    /** Which engine wrote the piece, why, and every engine tried. */
    writer: jsonb('writer'),
    error: text('error'),
    jobId: uuid('job_id'),
    /** Earlier saved edits per language, newest first. */
    versions: jsonb('versions').notNull().default([]),
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
