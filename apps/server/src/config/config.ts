import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ClientConfig } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { VERSION } from '../lib/version.ts';
import { type Env, zEnv } from './config.schema.ts';
import {
  incompleteWriting,
  type LlmConfig,
  type TranslationConfig,
  writingConfig,
} from './writing-config.ts';

export type { LlmConfig, LlmEndpoint, TranslationConfig } from './writing-config.ts';

/** The resolved configuration every part of the server reads. */
export interface Config {
  host: string;
  port: number;
  /** Where users reach the server; absolute links are built from it. */
  publicUrl: string;
  /** PUBLIC_URL was set: links are absolute from it; otherwise links are paths on this server. */
  publicUrlConfigured: boolean;
  /** Fastify's `trustProxy`: false unless TRUST_PROXY names the proxies in front. */
  trustProxy: false | number | string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** `redis://…`: events between processes over Redis pub/sub. */
  redisUrl: string | undefined;
  /** Unset: /metrics answers anyone. */
  metricsToken: string | undefined;
  /** Worker-only processes: the port of their health endpoint, if any. */
  workerHealthPort: number | undefined;
  roles: { api: boolean; worker: boolean };
  secret: string;
  googleClientId: string | undefined;
  auth: { googleCertsUrl: string; rateLimitPerMinute: number; signupsOpen: boolean };
  jobs: { concurrency: number; leaseMs: number; testJobs: boolean };
  /** Bytes of audio each account may keep; undefined when unlimited. */
  storageQuotaBytes: number | undefined;
  /** Unset: blobs on local disk under the data folder. */
  s3:
    | {
        bucket: string;
        endpoint: string | undefined;
        region: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  speech: SpeechConfig;
  /** Language models that write content. */
  llm: LlmConfig;
  translation: TranslationConfig;
  webDistDir: string | undefined;
  logLevel: Env['LOG_LEVEL'];
}

export interface SpeechConfig {
  /** Engine ids in order of preference. */
  engines: Array<'whisper' | 'openai' | 'pocketsphinx'>;
  whisper: {
    model: string;
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
  if (env.OPENAI_STT_API_KEY && !env.OPENAI_STT_BASE_URL)
    problems.push('OPENAI_STT_API_KEY: has no effect without OPENAI_STT_BASE_URL');
  problems.push(...incompleteWriting(env));
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const e = parseEnv(env);
  const dataDir = path.resolve(e.VOXPRESS_DATA_DIR);
  return {
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    trustProxy: e.TRUST_PROXY ?? false,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    metricsToken: e.METRICS_TOKEN,
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
      testJobs: e.VOXPRESS_TEST_JOBS,
    },
    storageQuotaBytes: e.STORAGE_QUOTA_MB ? e.STORAGE_QUOTA_MB * 1024 * 1024 : undefined,
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
    speech: {
      engines: e.SPEECH_ENGINES,
      whisper: {
        model: e.WHISPER_MODEL,
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
    },
    ...writingConfig(e),
    webDistDir: e.WEB_DIST_DIR,
    logLevel: e.LOG_LEVEL,
  };
}

/** The explicit subset of the configuration that the browser may see. */
export function clientConfig(config: Config): ClientConfig {
  return {
    version: VERSION,
    google_client_id: config.googleClientId ?? null,
    max_upload_bytes: LIMITS.maxUploadBytes,
    max_recording_seconds: LIMITS.maxRecordingSeconds,
    max_recording_bytes: LIMITS.maxRecordingBytes,
    signups_open: config.auth.signupsOpen,
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
export function spareCores(): number {
  return Math.max(1, availableParallelism() - 1);
}
