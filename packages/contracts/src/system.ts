import { z } from 'zod';
import { ENHANCE_CONTENT_TYPES } from './content-rules.ts';

/** `GET /api/v1/health`: liveness plus database reachability. */
export const zHealth = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    uptime_s: z.number(),
    database: z.object({
      driver: z.enum(['pglite', 'postgres']),
      ok: z.boolean(),
      latency_ms: z.number(),
    }),
    queue: z.object({ driver: z.enum(['embedded', 'bullmq']) }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof zHealth>;

export const zEngineState = z.enum(['active', 'available', 'missing', 'misconfigured', 'disabled']);
export type EngineState = z.infer<typeof zEngineState>;

/** What a port does: an engine kind the server routes work to, or a piece of its infrastructure. */
export const zEngineKind = z.enum([
  'speech',
  'writer',
  'translator',
  'renderer',
  'diarizer',
  /** Embedding models: ask finds passages by meaning as well as by words. */
  'embedder',
  /** Imports from video sites' pages (yt-dlp). */
  'importer',
  /** Sites pieces are published to (WordPress, Ghost), through each user's own connections. */
  'publisher',
  'storage',
  'database',
  'queue',
]);
export type EngineKind = z.infer<typeof zEngineKind>;

/**
 * What a writer makes of one content type:
 * - `written`: a language model writes the piece in its own words, held to the recording.
 * - `arranged`: the built-in composer arranges the speaker's own sentences in the type's shape
 *   (title, sections, lists, key points), without rewriting or adding anything.
 * - `needs_language_model`: this writer cannot make the type well; while it is the writer that
 *   would write, `POST /content/enhance` refuses the type with 422
 *   `content_type_needs_language_model`.
 */
export const zWriterContentSupport = z.enum(['written', 'arranged', 'needs_language_model']);
export type WriterContentSupport = z.infer<typeof zWriterContentSupport>;

/** One implementation of a port (speech, writer, translator, renderer, storage, queue). */
export const zEngineImplementation = z.object({
  id: z.string(),
  kind: zEngineKind,
  name: z.string(),
  state: zEngineState,
  /** Plain words anyone may read: no paths, addresses, variables or commands. */
  reason: z.string(),
  /** For the administrator only: the facts behind the state (may name paths and hosts). */
  detail: z.string().optional(),
  /** For the administrator only: what to do to enable it, when it is missing or disabled. */
  enable: z.string().optional(),
  /**
   * The model file it needs, where it needs one (whisper, a local language model): an engine
   * whose model is not `downloaded` is never `active`. `reason`: why a download failed.
   */
  model: z
    .object({
      name: z.string(),
      state: z.enum(['downloaded', 'not_downloaded', 'downloading', 'download_failed']),
      reason: z.string().optional(),
      /** Size of the file to download, in bytes, where known. */
      bytes: z.number().optional(),
      /** Percent downloaded, while `downloading`. */
      percent: z.number().optional(),
    })
    .optional(),
  /**
   * Writers only: what this writer makes of each content type. The port's `active` writer is the
   * one that would write a piece asked for now.
   */
  content_types: z.record(z.enum(ENHANCE_CONTENT_TYPES), zWriterContentSupport).optional(),
});
export type EngineImplementation = z.infer<typeof zEngineImplementation>;

export const zEnginePort = z
  .object({
    port: z.string(),
    kind: zEngineKind,
    active: z.string().nullable(),
    implementations: z.array(zEngineImplementation),
  })
  .meta({ id: 'EnginePort' });
export type EnginePort = z.infer<typeof zEnginePort>;

/** `GET /api/v1/system/engines`: everyone sees names, states and plain reasons; the administrator also sees `detail` and `enable`. */
export const zEngines = z.object({ ports: z.array(zEnginePort) });
export type Engines = z.infer<typeof zEngines>;

/**
 * `GET /api/v1/system/translation-languages?source=en`: of the languages content can be asked
 * in, those no translator on this server serves from `source` (the Enhance panel disables them).
 */
export const zTranslationLanguagesQuery = z.object({
  source: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/, 'Not a language code')
    .default('en'),
});
export const zTranslationLanguages = z.object({
  source: z.string(),
  unavailable: z.array(z.string()),
});
export type TranslationLanguages = z.infer<typeof zTranslationLanguages>;

/** `GET /api/v1/system/config`: the client-safe subset of the server configuration. */
export const zClientConfig = z.object({
  version: z.string(),
  google_client_id: z.string().nullable(),
  max_upload_bytes: z.number().int(),
  max_recording_seconds: z.number().int(),
  max_recording_bytes: z.number().int(),
  /**
   * The longest audio accepted, in seconds of sound (MAX_AUDIO_MINUTES × 60): longer uploads are
   * refused with 422 `audio_too_long`, so the browser refuses them before sending.
   */
  max_audio_seconds: z.number().int(),
  /** False when SIGNUPS=closed: only existing accounts sign in. */
  signups_open: z.boolean(),
  /** How a forgotten password is reset: by an emailed link, or by asking the administrator. */
  password_reset: z.enum(['email', 'administrator']),
});
export type ClientConfig = z.infer<typeof zClientConfig>;
