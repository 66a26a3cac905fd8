import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ClientConfig } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { currentWhisperHardware, defaultWhisperModel } from '../engines/speech/whisper-models.ts';
import { VERSION } from '../lib/version.ts';
import { type Env, zEnv } from './config.schema.ts';
import { infographicsConfig } from './infographics-env.schema.ts';
import { incompleteWriting, writingConfig } from './writing-config.ts';

export type { LlmConfig, LlmDefaults, LlmEndpoint, TranslationConfig } from './writing-config.ts';

export interface SpeechConfig {
  /** Engine ids in order of preference. */
  engines: Array<'whisper' | 'openai' | 'pocketsphinx'>;
  whisper: {
    /** WHISPER_MODEL, or the model picked for this machine when it is unset. */
    model: string;
    /** Why the model was picked ("base: chosen for 2 cores"); unset when WHISPER_MODEL names it. */
    chosenFor?: string | undefined;
    modelsDir: string;
    autoDownload: boolean;
    modelsUrl: string;
    threads: number | undefined;
  };
  /** Unset when no OpenAI-compatible server is configured. */
  openai: { baseUrl: string; apiKey: string | undefined; model: string; maxBytes: number } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment, listing every problem at once rather than stopping at the first. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = zEnv.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  problems.push(...incomplete(cleaned));
  if (!result.success || problems.length) throw new ConfigError(problems);
  return result.data;
}

/** Settings that only make sense together: half a group is a mistake, not a default. */
function incomplete(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  for (const name of ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE']) {
    if (env[name] && !env.S3_BUCKET) problems.push(`${name}: has no effect without S3_BUCKET`);
  }
  if (env.SMTP_FROM && !env.SMTP_URL) problems.push('SMTP_FROM: has no effect without SMTP_URL');
  if (env.BLOBS_SHARED && env.S3_BUCKET) problems.push('BLOBS_SHARED: has no effect with S3_BUCKET');
  problems.push(...splitRoleProblems(env));
  if (env.OPENAI_STT_API_KEY && !env.OPENAI_STT_BASE_URL)
    problems.push('OPENAI_STT_API_KEY: has no effect without OPENAI_STT_BASE_URL');
  problems.push(...incompleteWriting(env));
  return problems;
}

/**
 * Settings that cannot work for a process with only some roles (`VOXPRESS_ROLES=api` or
 * `worker`). A worker alone on the embedded database has a queue nobody else can fill (the
 * embedded database opens in one process). With PostgreSQL, split roles mean several processes,
 * and files on local disk reach the others only if the data folder is shared: a process cannot
 * tell a shared folder from a private one, so the administrator says so with `BLOBS_SHARED=true`.
 * (An API alone on the embedded database is fine: jobs wait until a worker runs.)
 */
function splitRoleProblems(env: Record<string, string | undefined>): string[] {
  const roles = new Set((env.VOXPRESS_ROLES ?? 'api,worker').split(',').map((r) => r.trim()));
  if ([...roles].some((r) => r !== 'api' && r !== 'worker')) return [];
  if (roles.has('api') && roles.has('worker')) return [];
  const role = roles.has('api') ? 'api' : 'worker';
  if (!env.DATABASE_URL)
    return role === 'worker'
      ? [
          'VOXPRESS_ROLES=worker: a worker takes its jobs from a queue the API processes fill, and the embedded database opens in one process only: set DATABASE_URL to the PostgreSQL server of the API processes (and REDIS_URL if they use one), or run api,worker in one process',
        ]
      : [];
  if (!env.S3_BUCKET && !['true', '1', 'yes'].includes(env.BLOBS_SHARED ?? ''))
    return [
      `VOXPRESS_ROLES=${role}: files are kept on local disk (no S3_BUCKET), where processes with the other role may not see them: set S3_BUCKET, or BLOBS_SHARED=true if VOXPRESS_DATA_DIR is one folder every process shares (one machine, or a network share)`,
    ];
  return [];
}

/** The resolved configuration every part of the server reads: what loadConfig makes of the environment. */
export type Config = ReturnType<typeof loadConfig>;

/** Reads the configuration from the environment, listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.VOXPRESS_DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    /** Where users reach the server; absolute links are built from it. */
    publicUrl: publicUrl(e),
    /** PUBLIC_URL was set: links are absolute from it; otherwise links are paths on this server. */
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    /** Fastify's `trustProxy`: false unless TRUST_PROXY names the proxies in front. */
    trustProxy: e.TRUST_PROXY ?? (false as const),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    /** `redis://…`: jobs on BullMQ, events between processes over Redis pub/sub, shared rate limits. */
    redisUrl: e.REDIS_URL,
    /** First part of every Redis key and channel Voxpress uses. */
    redisPrefix: e.REDIS_PREFIX,
    /** Blobs are on local disk in a folder every process shares (checked by the administrator). */
    blobsShared: e.BLOBS_SHARED,
    /** Unset: /metrics answers anyone. */
    metricsToken: e.METRICS_TOKEN,
    /** Worker-only processes: the port of their health endpoint, if any. */
    workerHealthPort: e.WORKER_HEALTH_PORT,
    roles: { api: e.VOXPRESS_ROLES.includes('api'), worker: e.VOXPRESS_ROLES.includes('worker') },
    secret: e.VOXPRESS_SECRET ?? loadOrCreateSecret(dataDir),
    googleClientId: e.GOOGLE_CLIENT_ID,
    auth: {
      googleCertsUrl: e.GOOGLE_CERTS_URL,
      rateLimitPerMinute: e.AUTH_RATE_LIMIT,
      signupsOpen: e.SIGNUPS === 'open',
    },
    jobs: {
      concurrency: e.JOB_CONCURRENCY ?? spareCores(),
      leaseMs: e.JOB_LEASE_MS,
      stopGraceMs: e.JOB_STOP_GRACE_MS,
      testJobs: e.VOXPRESS_TEST_JOBS,
    },
    /** Infographic drawing: worker threads of the renderer. */
    render: { workers: e.RENDER_WORKERS ?? spareCores() },
    /** Bytes of audio each account may keep; undefined when unlimited. */
    storageQuotaBytes: e.STORAGE_QUOTA_MB ? e.STORAGE_QUOTA_MB * 1024 * 1024 : undefined,
    /** Longest audio accepted at upload, in seconds of decoded sound. */
    maxAudioS: e.MAX_AUDIO_MINUTES * 60,
    /** Largest file accepted (MAX_UPLOAD_MB); the administrator's saved setting overrides it. */
    maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
    /** Unset: blobs on local disk under the data folder. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    speech: speechConfig(e, dataDir),
    /** Language models that write content (`llm`), their environment values, which the
     * administrator's settings override (`llmDefaults`), and translation. */
    ...writingConfig(e, path.join(dataDir, 'models')),
    /** Unset: password reset links cannot be emailed (the administrator makes them instead). */
    smtp: e.SMTP_URL
      ? { url: e.SMTP_URL, from: e.SMTP_FROM ?? `Voxpress <no-reply@${new URL(publicUrl(e)).hostname}>` }
      : undefined,
    /** Outbound requests may reach private and loopback addresses (ALLOW_PRIVATE_ADDRESSES, formerly PUBLISH_ALLOW_PRIVATE). */
    publishAllowPrivate: e.ALLOW_PRIVATE_ADDRESSES ?? e.PUBLISH_ALLOW_PRIVATE ?? false,
    /** Infographic feature flags (spec §9) and image retention. */
    infographics: infographicsConfig(e),
    webDistDir: e.WEB_DIST_DIR,
    logLevel: e.LOG_LEVEL,
  };
}

/** The speech engines as the environment sets them. */
function speechConfig(e: Env, dataDir: string): SpeechConfig {
  return {
    engines: e.SPEECH_ENGINES,
    whisper: {
      ...whisperModel(e.WHISPER_MODEL),
      modelsDir: path.join(dataDir, 'models'),
      autoDownload: e.WHISPER_AUTO_DOWNLOAD,
      modelsUrl: e.WHISPER_MODELS_URL.replace(/\/$/, ''),
      threads: e.WHISPER_THREADS ?? spareCores(),
    },
    openai: e.OPENAI_STT_BASE_URL
      ? {
          baseUrl: e.OPENAI_STT_BASE_URL.replace(/\/$/, ''),
          apiKey: e.OPENAI_STT_API_KEY,
          model: e.OPENAI_STT_MODEL,
          maxBytes: e.OPENAI_STT_MAX_BYTES,
        }
      : undefined,
  };
}

function publicUrl(e: Env): string {
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
}

/** The explicit subset of the configuration that the browser may see. */
export function clientConfig(config: Config): ClientConfig {
  return {
    version: VERSION,
    google_client_id: config.googleClientId ?? null,
    max_upload_bytes: config.maxUploadBytes,
    max_recording_seconds: LIMITS.maxRecordingSeconds,
    max_recording_bytes: LIMITS.maxRecordingBytes,
    max_audio_seconds: config.maxAudioS,
    signups_open: config.auth.signupsOpen,
    password_reset: config.smtp ? 'email' : 'administrator',
  };
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** The cores background work may use: all but one, which stays free for answering requests. */
/** WHISPER_MODEL when set; otherwise the model that suits this machine, and why. */
function whisperModel(setting: string | undefined): { model: string; chosenFor?: string } {
  if (setting) return { model: setting };
  const choice = defaultWhisperModel(currentWhisperHardware());
  return { model: choice.name, chosenFor: choice.why };
}

export function spareCores(): number {
  return Math.max(1, availableParallelism() - 1);
}
