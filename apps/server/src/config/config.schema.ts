import { isIP } from 'node:net';
import { z } from 'zod';
import { zEnvBool as bool } from './env-types.ts';
import { zInfographicsEnv } from './infographics-env.schema.ts';
import { zWritingEnv } from './writing-env.schema.ts';

const roles = z
  .string()
  .transform((v) => v.split(',').map((r) => r.trim()))
  .pipe(z.array(z.enum(['api', 'worker'])).min(1, 'must name at least one role'));

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A hop count, or proxy addresses and CIDR ranges as `proxy-addr` (Fastify's trustProxy) reads them. */
const trustProxy = z.string().transform((v, ctx): number | string[] => {
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const validBits =
      bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address ?? '') === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (!isIP(address ?? '') || !validBits || rest.length)) {
      ctx.addIssue({ code: 'custom', message: `must be a hop count or a list of addresses, got "${entry}"` });
      return z.NEVER;
    }
  }
  return entries;
});

/**
 * Every setting Voxpress reads from the environment. Missing settings mean the embedded defaults:
 * PGlite in the data folder, the in-process queue, blobs on local disk. The README's configuration
 * table is generated from the descriptions here (`npm run config:docs`).
 */
export const zEnv = z.object({
  HOST: z
    .string()
    .default('127.0.0.1')
    .describe('Interface to listen on. Use 0.0.0.0 to accept connections from other machines.'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(8080)
    .describe('HTTP port for the API and the web app.'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      'Address users reach Voxpress at: every absolute link (upload links included) is built from it, never from request headers. HTTPS here also turns on HSTS. Defaults to http://localhost:PORT.',
    ),
  TRUST_PROXY: trustProxy
    .optional()
    .describe(
      'Reverse proxies whose X-Forwarded-For / -Proto headers are believed: a hop count (1 for one proxy in front) or a comma-separated list of addresses or CIDR ranges (loopback, linklocal and uniquelocal also work). Unset: forwarding headers are ignored and the connecting address is the client.',
    ),
  VOXPRESS_DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Folder for the embedded database, uploaded audio, models and the generated secret.'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .describe('PostgreSQL connection string. Unset: embedded PostgreSQL (PGlite) in the data folder.'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional()
    .describe(
      'Redis connection string. Set: jobs run on BullMQ (job records stay in the database), events between processes travel by Redis pub/sub and rate limits hold across API processes. Unset: jobs are queued in the database, and events travel by PostgreSQL LISTEN/NOTIFY with DATABASE_URL, else in memory.',
    ),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, 'must be letters, digits, dots, dashes or underscores')
    .default('voxpress')
    .describe(
      'First part of every Redis key and channel Voxpress uses, so that several deployments can share one Redis.',
    ),
  WORKER_HEALTH_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe(
      'Port of GET /health on a worker-only process, for container health checks. Unset: a worker-only process opens no port.',
    ),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .describe(
      'Bearer token Prometheus must send to read /metrics. Unset: /metrics is open (it holds counts and timings, no user data).',
    ),
  VOXPRESS_ROLES: roles
    .default(['api', 'worker'])
    .describe('Comma-separated roles of this process: api, worker or both.'),
  VOXPRESS_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .describe('Secret for signing tokens and links. Unset: generated once and kept in the data folder.'),
  GOOGLE_CLIENT_ID: z
    .string()
    .optional()
    .describe('OAuth client id for Google sign-in. Unset: the Google button is hidden.'),
  GOOGLE_CERTS_URL: z
    .url()
    .default('https://www.googleapis.com/oauth2/v3/certs')
    .describe("Where Google's ID-token signing keys (a JSON Web Key Set) are fetched from."),
  SIGNUPS: z
    .enum(['open', 'closed'])
    .default('open')
    .describe(
      "Whether anyone may create an account (email or Google). closed: only existing accounts sign in; the very first account, which becomes the administrator, can always be created. The default for the administrator's setting in Settings, which overrides it.",
    ),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .describe(
      'Mail server for password reset links, e.g. smtps://user:password@mail.example.com:465 (smtp:// upgrades with STARTTLS when offered). Unset: the administrator makes reset links with `npm run admin -- reset-password EMAIL`.',
    ),
  SMTP_FROM: z
    .string()
    .min(3)
    .optional()
    .describe(
      'Sender of password reset emails, e.g. "Voxpress <no-reply@example.com>". Unset: no-reply@ the PUBLIC_URL host.',
    ),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('Sign-in, sign-up and token refresh requests allowed per minute from one address.'),
  JOB_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Jobs run at once by each worker process. Unset: one less than the number of cores (at least 1), so that a core stays free for the API.',
    ),
  RENDER_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .optional()
    .describe(
      'Threads that draw infographics. Unset: one less than the number of cores (at least 1), so that a core stays free for the API.',
    ),
  JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(500)
    .default(30_000)
    .describe(
      'How long a running job stays claimed without a heartbeat before another worker may recover it.',
    ),
  JOB_STOP_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(8000)
    .describe(
      'On SIGTERM, how long a worker lets running jobs finish before handing them back to the queue for another worker. Keep it under your container stop timeout (Docker: 10 s).',
    ),
  STORAGE_QUOTA_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_240)
    .describe(
      "Audio storage each account may use, in MB (uploads are refused beyond it). 0: no limit. The default for the administrator's setting in Settings, which overrides it.",
    ),
  MAX_UPLOAD_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(100)
    .describe(
      "Largest file accepted, in MB, by the upload form, the API and the presigned path alike (the browser reads it from the server). The default for the administrator's setting in Settings → Server, which overrides it, up to the free storage.",
    ),
  MAX_AUDIO_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(180)
    .describe(
      'Longest recording accepted, in minutes, measured by decoding the upload (not from what the file claims). Longer files are refused at upload with the code audio_too_long and nothing is kept, so one upload cannot hold a worker for hours.',
    ),
  S3_BUCKET: z
    .string()
    .optional()
    .describe('S3 bucket for audio and images. Unset: files are kept on local disk in the data folder.'),
  BLOBS_SHARED: bool
    .default(false)
    .describe(
      'Without S3_BUCKET, files are kept under VOXPRESS_DATA_DIR. Set to true when that folder is shared by every process (one machine, or a network share), so processes with VOXPRESS_ROLES=api or worker alone may start.',
    ),
  S3_ENDPOINT: z
    .url()
    .optional()
    .describe('S3-compatible endpoint (MinIO, R2, Garage...). Unset with S3_BUCKET set: AWS S3.'),
  S3_REGION: z.string().default('us-east-1').describe('S3 region.'),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .describe('S3 access key id (else the AWS default credential chain).'),
  S3_SECRET_ACCESS_KEY: z.string().optional().describe('S3 secret access key.'),
  S3_FORCE_PATH_STYLE: bool
    .default(false)
    .describe(
      'Address the bucket as a path (endpoint/bucket/key), as MinIO and most self-hosted servers need.',
    ),
  SPEECH_ENGINES: z
    .string()
    .default('whisper,openai,pocketsphinx')
    .transform((v) => v.split(',').map((e) => e.trim()))
    .pipe(z.array(z.enum(['whisper', 'openai', 'pocketsphinx'])).min(1, 'must name at least one engine'))
    .describe(
      'Speech engines in order of preference: whisper (whisper.cpp in-process), openai (any OpenAI-compatible server), pocketsphinx (offline, English).',
    ),
  WHISPER_MODEL: z
    .string()
    .regex(/^[a-z0-9._-]+$/, 'must be a model name such as base, base.en or small')
    .optional()
    .describe(
      'whisper.cpp model (`npm run models -- list` shows them). Kept in the data folder under models/. Unset: chosen for this machine: base on fewer than 8 cores or with little memory, small on 8 or more cores with 2 GB free, large-v3-turbo-q5_0 on 16 or more with 4 GB free. The administrator may choose another at run time.',
    ),
  WHISPER_AUTO_DOWNLOAD: bool
    .default(true)
    .describe('Download the whisper model on first use when it is missing (checked against its SHA-256).'),
  WHISPER_MODELS_URL: z
    .url()
    .default('https://huggingface.co/ggerganov/whisper.cpp/resolve/main')
    .describe('Where ggml whisper models are downloaded from.'),
  WHISPER_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'CPU threads whisper.cpp uses. Unset: one less than the number of cores (at least 1), so that a core stays free for the API.',
    ),
  OPENAI_STT_BASE_URL: z
    .url()
    .optional()
    .describe(
      'Base URL of an OpenAI-compatible speech API, e.g. https://api.openai.com/v1, https://api.groq.com/openai/v1 or a speaches/LocalAI server. Unset: that engine is off.',
    ),
  OPENAI_STT_API_KEY: z.string().optional().describe('API key for OPENAI_STT_BASE_URL, when it needs one.'),
  OPENAI_STT_MODEL: z
    .string()
    .default('whisper-1')
    .describe('Model name sent to the OpenAI-compatible speech API.'),
  OPENAI_STT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(100_000)
    .default(24 * 1024 * 1024)
    .describe('Largest file sent in one request; longer audio is split into pieces under this size.'),
  ...zWritingEnv.shape,
  ALLOW_PRIVATE_ADDRESSES: bool
    .optional()
    .describe(
      "Let the server's own requests (publishing, webhooks, the language model, imports from a link) reach loopback and private-network addresses (a WordPress, n8n, model or podcast server on your own network). Unset: they are refused, checked after DNS resolution and on every redirect, so users cannot make the server call its own network. Default false.",
    ),
  PUBLISH_ALLOW_PRIVATE: bool
    .optional()
    .describe('The former name of ALLOW_PRIVATE_ADDRESSES, still read when that is not set.'),
  ...zInfographicsEnv.shape,
  WEB_DIST_DIR: z
    .string()
    .optional()
    .describe(
      'Folder of the built web app to serve. Defaults to apps/web/dist; when absent only the API is served.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Log level (pino).'),
  VOXPRESS_TEST_JOBS: bool.default(false).describe('Registers the jobs used by the test suite. Leave unset.'),
});

export type Env = z.infer<typeof zEnv>;
