import { z } from 'zod';
import { zEmail, zPassword } from './auth.ts';
import { zText } from './text.ts';

/** A short answer with nothing else to report. */
export const zMessage = z.object({ message: z.string() }).meta({ id: 'Message' });
export type Message = z.infer<typeof zMessage>;

/** `POST /api/v1/auth/password/forgot`. */
export const zForgotPasswordRequest = z.object({ email: zEmail });
export type ForgotPasswordRequest = z.infer<typeof zForgotPasswordRequest>;

/** `POST /api/v1/auth/password/reset`: the token from the emailed link and the new password. */
export const zResetPasswordRequest = z.object({
  token: z
    .string()
    .min(10, 'This password reset link is not valid')
    .max(200, 'This password reset link is not valid')
    .regex(/^[A-Za-z0-9_-]+$/, 'This password reset link is not valid'),
  password: zPassword,
});
export type ResetPasswordRequest = z.infer<typeof zResetPasswordRequest>;

/** `PUT /api/v1/users/me/profile`. */
export const zProfileUpdate = z.object({
  full_name: zText({ trim: true, min: { length: 1, message: 'Full name is required' }, max: 120 }),
});
export type ProfileUpdate = z.infer<typeof zProfileUpdate>;

const zCurrentPassword = zText({
  min: { length: 1, message: 'Enter your current password' },
  max: 256,
});

/** `PUT /api/v1/users/me/email`: the new address, confirmed with the current password. */
export const zEmailChange = z.object({ email: zEmail, current_password: zCurrentPassword });
export type EmailChange = z.infer<typeof zEmailChange>;

/**
 * `PUT /api/v1/users/me/password`. The current password is required when the account has one;
 * an account made with Google may set its first password without it.
 */
export const zPasswordChange = z.object({
  current_password: zText({ max: 256 }).optional(),
  new_password: zPassword,
});
export type PasswordChange = z.infer<typeof zPasswordChange>;

/**
 * `DELETE /api/v1/users/me`: the password when the account has one, and the account's email typed
 * out in every case, so that a stray click or a borrowed session cannot delete it.
 */
export const zDeleteAccount = z.object({
  confirm_email: zText({ trim: true, min: { length: 1, message: 'Type your email to confirm' }, max: 254 }),
  current_password: zText({ max: 256 }).optional(),
});
export type DeleteAccount = z.infer<typeof zDeleteAccount>;

/** Where a server setting's value comes from. */
export const zSettingSource = z.enum(['default', 'environment', 'saved']).meta({ id: 'SettingSource' });

/** One language-model provider as the administrator sees it: the key itself is never sent back. */
export const zLlmProviderSettings = z
  .object({
    base_url: z.string().nullable(),
    model: z.string().nullable(),
    /** Whether a key is set (saved or from the environment). */
    api_key_set: z.boolean(),
    /** Where the values in use come from. */
    source: zSettingSource,
  })
  .meta({ id: 'LlmProviderSettings' });
export type LlmProviderSettings = z.infer<typeof zLlmProviderSettings>;

export const LLM_PROVIDERS = ['openai', 'anthropic', 'ollama'] as const;
export const zLlmProvider = z.enum(LLM_PROVIDERS).meta({ id: 'LlmProvider' });
export type LlmProviderId = z.infer<typeof zLlmProvider>;

/** `GET /api/v1/admin/settings` (administrator only). */
export const zAdminSettings = z
  .object({
    signups_open: z.boolean(),
    signups_source: zSettingSource,
    /** Audio each account may keep, in MB; 0 for no limit. */
    storage_quota_mb: z.number().int(),
    storage_quota_source: zSettingSource,
    /** Largest file accepted, in MB (MAX_UPLOAD_MB unless saved here). */
    max_upload_mb: z.number().int(),
    max_upload_source: zSettingSource,
    /** Free space where uploads are kept, in MB; null where it cannot be known (S3). */
    storage_free_mb: z.number().int().nullable(),
    llm: z.object({
      openai: zLlmProviderSettings,
      anthropic: zLlmProviderSettings,
      ollama: zLlmProviderSettings,
    }),
    /** Whether password reset emails can be sent (SMTP_URL is set). */
    email_configured: z.boolean(),
  })
  .meta({ id: 'AdminSettings' });
export type AdminSettings = z.infer<typeof zAdminSettings>;

const zBaseUrl = z
  .url({ protocol: /^https?$/, message: 'Must be an http or https address' })
  .max(500, 'Must be at most 500 characters');

/**
 * One provider's change: a field left out stays as it is; `null` drops the saved value so the
 * environment's applies again. `api_key` is write-only.
 */
export const zLlmProviderUpdate = z
  .strictObject({
    base_url: zBaseUrl.nullable().optional(),
    model: zText({ trim: true, max: 200, min: { length: 1, message: 'Enter a model name' } })
      .nullable()
      .optional(),
    api_key: zText({ max: 500, min: { length: 1, message: 'Enter a key' } })
      .nullable()
      .optional(),
  })
  .meta({ id: 'LlmProviderUpdate' });
export type LlmProviderUpdate = z.infer<typeof zLlmProviderUpdate>;

/** `PUT /api/v1/admin/settings`: only the fields sent change; `null` restores the environment's value. */
export const zAdminSettingsUpdate = z.strictObject({
  signups_open: z.boolean().nullable().optional(),
  storage_quota_mb: z.number().int().min(0).max(100_000_000).nullable().optional(),
  /** Null goes back to MAX_UPLOAD_MB; at most the free storage. */
  max_upload_mb: z.number().int().min(1).max(1_000_000).nullable().optional(),
  llm: z
    .strictObject({
      openai: zLlmProviderUpdate.optional(),
      anthropic: zLlmProviderUpdate.optional(),
      ollama: zLlmProviderUpdate.optional(),
    })
    .optional(),
});
export type AdminSettingsUpdate = z.infer<typeof zAdminSettingsUpdate>;

/**
 * `POST /api/v1/admin/llm/test`: asks a provider for its models. Fields left out are taken from
 * the settings in use, so a saved key can be tested without sending it again.
 */
export const zLlmTestRequest = z.object({
  provider: zLlmProvider,
  base_url: zBaseUrl.optional(),
  api_key: zText({ max: 500 }).optional(),
});
export type LlmTestRequest = z.infer<typeof zLlmTestRequest>;

export const zLlmTestResponse = z.object({
  ok: z.boolean(),
  /** The models the provider lists, when it answered. */
  models: z.array(z.string()),
  /** Why the test failed, in words for the administrator. */
  error: z.string().nullable(),
  duration_ms: z.number(),
});
export type LlmTestResponse = z.infer<typeof zLlmTestResponse>;

/** One whisper.cpp model as the administrator's models list shows it. */
export const zWhisperModel = z
  .object({
    name: z.string(),
    bytes: z.number(),
    multilingual: z.boolean(),
    description: z.string(),
    downloaded: z.boolean(),
    /**
     * The model in force: the one the administrator chose (`PUT /admin/models/whisper`), else the one
     * WHISPER_MODEL names, else the one picked for this machine.
     */
    configured: z.boolean(),
    custom: z.boolean(),
    /** A download under way or just finished: its job, to follow its progress. */
    download: z
      .object({
        job_id: z.string(),
        status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
        progress: z.number(),
        error: z.string().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'WhisperModel' });
export type WhisperModel = z.infer<typeof zWhisperModel>;

/** `GET /api/v1/admin/whisper-models`. */
export const zWhisperModels = z.object({ models: z.array(zWhisperModel), models_dir: z.string() });
export type WhisperModels = z.infer<typeof zWhisperModels>;

/** `POST /api/v1/admin/whisper-models/{name}/download`. */
export const zWhisperDownloadStarted = z.object({
  job_id: z.string(),
  /** Its progress as JSON, for polling. */
  status_url: z.string(),
  /** Its progress as server-sent events, with a short-lived ticket for this address. */
  stream_url: z.string(),
});
export type WhisperDownloadStarted = z.infer<typeof zWhisperDownloadStarted>;

/**
 * One model of any kind (a whisper.cpp speech model, a built-in language model, one of the two
 * sherpa-onnx speaker models, used together once both are downloaded, or an embedding model, which
 * lets ask find passages by meaning) and its state.
 */
export const zAdminModel = z
  .object({
    name: z.string(),
    kind: z.enum(['speech', 'language', 'speakers', 'embedding']),
    /**
     * Size in bytes: of the download, or of the file on disk once there. 0 when not known before the
     * download (a speaker model whose publisher states no size).
     */
    bytes: z.number(),
    description: z.string(),
    /** Languages it writes well (language models); null for speech models. */
    languages: z.array(z.string()).nullable(),
    /**
     * Memory it needs to run, in bytes: as the catalogue gives it (language models) or as whisper.cpp
     * publishes it (speech models); null when not published.
     */
    ram_bytes: z.number().nullable(),
    licence: z.string().nullable(),
    /** `not_downloaded`, `downloading`, `ready` (on disk) or `failed` (the last download). */
    state: z.enum(['not_downloaded', 'downloading', 'ready', 'failed']),
    /**
     * The model in force for its kind: for speech, the administrator's choice, else WHISPER_MODEL's,
     * else the one picked for this machine; for language, LLM_LOCAL_MODEL's (or this machine's).
     */
    configured: z.boolean(),
    /**
     * The model doing the work now: configured, on disk, and the engine the router would pick. The
     * built-in language model is not in use while a remote model or a found Ollama writes first;
     * whisper is not while another speech engine comes first for English and detected languages.
     */
    in_use: z.boolean(),
    /** Context length the model was trained for, in tokens (language models); null for speech models. */
    context_tokens: z.number().nullable(),
    /**
     * The model this server would pick on its hardware: the language model when LLM_LOCAL_MODEL is
     * unset, the whisper model when WHISPER_MODEL is unset.
     */
    recommended: z.boolean(),
    download: zWhisperModel.shape.download,
  })
  .meta({ id: 'AdminModel' });
export type AdminModel = z.infer<typeof zAdminModel>;

/** `GET /api/v1/admin/models`: every model of every kind. */
export const zAdminModels = z.object({
  models: z.array(zAdminModel),
  models_dir: z.string(),
  /** The built-in language model's choice on this server; null when LLM_LOCAL_MODEL=off. */
  language: z
    .object({
      /** What LLM_LOCAL_MODEL names (a catalogue name or a file); null when unset. */
      setting: z.string().nullable(),
      /** The model the server runs: the setting, or the one picked for this hardware. */
      model: z.string(),
      /** The catalogue model that fits this machine now (free memory and cores). */
      recommended: z.string(),
      free_memory_bytes: z.number(),
      cores: z.number(),
    })
    .nullable(),
});
export type AdminModels = z.infer<typeof zAdminModels>;

/** `GET /api/v1/admin/jobs/{id}`: a download's progress. */
export const zAdminJob = z
  .object({
    job_id: z.string(),
    status: z.enum(['queued', 'running', 'completed', 'failed', 'cancelled']),
    progress: z.number(),
    message: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'AdminJob' });
export type AdminJob = z.infer<typeof zAdminJob>;

/**
 * `GET /api/v1/system/speech-languages`: what the ready speech engines can hear. `languages` is
 * null for an engine that takes any language (a remote server decides).
 */
export const zSpeechLanguages = z.object({
  engines: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      languages: z.array(z.string()).nullable(),
    }),
  ),
});
export type SpeechLanguages = z.infer<typeof zSpeechLanguages>;
