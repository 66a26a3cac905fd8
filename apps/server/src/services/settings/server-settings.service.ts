import type {
  AdminSettings,
  AdminSettingsUpdate,
  LlmProviderId,
  LlmProviderSettings,
} from '@voxpress/contracts';
import type { Config, LlmConfig } from '../../config/config.ts';
import type { SavedProvider, StoredSetting } from '../../db/json-columns.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ServerSettingsRepository } from '../../repositories/server-settings.repository.ts';

const MB = 1024 * 1024;

/** Every process drops its cached settings when this topic says they changed. */
export const SETTINGS_TOPIC = 'server-settings';
/** Longest a process keeps settings without looking again (a lost event heals within this). */
export const SETTINGS_TTL_MS = 5_000;

/** A provider's saved values, or none (nothing saved under its key). */
const savedProvider = (value: StoredSetting | undefined): SavedProvider =>
  typeof value === 'object' ? value : {};

/** The settings in force: the environment's, overridden by what the administrator saved. */
export interface EffectiveSettings {
  signupsOpen: boolean;
  /** Bytes of audio each account may keep; undefined for no limit. */
  quotaBytes: number | undefined;
  llm: LlmConfig;
  /** The whisper model the administrator chose; undefined keeps WHISPER_MODEL's (or this machine's). */
  whisperModel: string | undefined;
  /** Largest file accepted, in bytes. */
  maxUploadBytes: number;
  view: AdminSettings;
}

const KEYS = {
  signups: 'signups_open',
  quota: 'storage_quota_mb',
  maxUpload: 'max_upload_mb',
  whisperModel: 'whisper_model',
  llm: (p: LlmProviderId) => `llm.${p}`,
};

export interface ServerSettingsDeps {
  repository: ServerSettingsRepository;
  events: EventBus;
  config: Config;
  box: SecretBox;
  now?: () => number;
  /** Free bytes where uploads are kept; undefined where it cannot be known (S3). */
  freeStorageBytes?: () => Promise<number | undefined>;
}

/**
 * Settings the administrator changes at run time, read by every process: a row in
 * `server_settings` overrides the environment's value. Each process caches them for at most
 * `SETTINGS_TTL_MS`, and a change is announced on the event bus so the others look again at once.
 */
export class ServerSettings {
  private cached: { at: number; value: Promise<EffectiveSettings> } | undefined;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;

  constructor(private readonly deps: ServerSettingsDeps) {
    this.now = deps.now ?? Date.now;
    this.unsubscribe = deps.events.subscribe(SETTINGS_TOPIC, () => this.invalidate());
  }

  current(): Promise<EffectiveSettings> {
    const now = this.now();
    if (!this.cached || now - this.cached.at > SETTINGS_TTL_MS) {
      const value = this.load();
      this.cached = { at: now, value };
      // A failed read is not kept: the next caller tries again.
      value.catch(() => {
        if (this.cached?.value === value) this.cached = undefined;
      });
    }
    return this.cached.value;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  async signupsOpen(): Promise<boolean> {
    return (await this.current()).signupsOpen;
  }

  async quotaBytes(): Promise<number | undefined> {
    return (await this.current()).quotaBytes;
  }

  async llm(): Promise<LlmConfig> {
    return (await this.current()).llm;
  }

  async maxUploadBytes(): Promise<number> {
    return (await this.current()).maxUploadBytes;
  }

  async whisperModel(): Promise<string | undefined> {
    return (await this.current()).whisperModel;
  }

  /** Saves the whisper model to use (null: back to the environment's), then tells every process. */
  async saveWhisperModel(name: string | null): Promise<void> {
    await this.deps.repository.write(new Map([[KEYS.whisperModel, name ?? undefined]]));
    this.invalidate();
    await this.deps.events.publish(SETTINGS_TOPIC, { type: 'settings.changed' });
  }

  /** Saves a change, then tells every process. */
  async update(change: AdminSettingsUpdate): Promise<AdminSettings> {
    const saved = await this.deps.repository.all();
    const writes = new Map<string, StoredSetting | undefined>();
    if (change.signups_open !== undefined) writes.set(KEYS.signups, change.signups_open ?? undefined);
    if (change.storage_quota_mb !== undefined) writes.set(KEYS.quota, change.storage_quota_mb ?? undefined);
    if (change.max_upload_mb !== undefined) {
      const free = change.max_upload_mb === null ? undefined : await this.freeBytes();
      // A limit past the free space would only let uploads fail halfway with a full disk.
      if (free !== undefined && change.max_upload_mb !== null && change.max_upload_mb * MB > free)
        throw new HttpError(
          422,
          'upload_limit_over_storage',
          `The upload limit cannot be more than the free storage (${Math.floor(free / MB)} MB).`,
          { free_bytes: free },
        );
      writes.set(KEYS.maxUpload, change.max_upload_mb ?? undefined);
    }
    for (const provider of ['openai', 'anthropic', 'ollama'] as const) {
      const patch = change.llm?.[provider];
      if (!patch) continue;
      const next: SavedProvider = { ...savedProvider(saved.get(KEYS.llm(provider))) };
      if (patch.base_url !== undefined) setOrDrop(next, 'base_url', patch.base_url?.replace(/\/+$/, ''));
      if (patch.model !== undefined) setOrDrop(next, 'model', patch.model);
      if (patch.api_key !== undefined)
        setOrDrop(
          next,
          'api_key',
          patch.api_key === null ? null : this.deps.box.seal(patch.api_key, KEYS.llm(provider)),
        );
      writes.set(KEYS.llm(provider), Object.keys(next).length ? next : undefined);
    }
    await this.deps.repository.write(writes);
    this.invalidate();
    await this.deps.events.publish(SETTINGS_TOPIC, { type: 'settings.changed' });
    return (await this.current()).view;
  }

  private async freeBytes(): Promise<number | undefined> {
    return this.deps.freeStorageBytes?.().catch(() => undefined);
  }

  close(): void {
    this.unsubscribe();
  }

  private async load(): Promise<EffectiveSettings> {
    const { config, box } = this.deps;
    const saved = await this.deps.repository.all();
    const signups = saved.get(KEYS.signups);
    const quota = saved.get(KEYS.quota);
    const whisperModel = saved.get(KEYS.whisperModel);
    const maxUpload = saved.get(KEYS.maxUpload);
    const maxUploadMb = typeof maxUpload === 'number' ? maxUpload : config.maxUploadBytes / MB;
    const free = await this.freeBytes();
    const envQuotaMb = config.storageQuotaBytes === undefined ? 0 : config.storageQuotaBytes / 1024 / 1024;
    const quotaMb = typeof quota === 'number' ? quota : envQuotaMb;
    const provider = (id: LlmProviderId): SavedProvider => {
      const value = savedProvider(saved.get(KEYS.llm(id)));
      const key =
        value.api_key === undefined ? undefined : (box.tryOpen(value.api_key, KEYS.llm(id)) ?? undefined);
      return { ...value, ...(key === undefined ? { api_key: undefined } : { api_key: key }) };
    };
    const d = config.llmDefaults;
    const openai = provider('openai');
    const anthropic = provider('anthropic');
    const ollama = provider('ollama');
    const openaiUrl = openai.base_url ?? d.openai.baseUrl;
    const openaiKey = openai.api_key ?? d.openai.apiKey;
    const anthropicKey = anthropic.api_key ?? d.anthropic.apiKey;
    const anthropicUrl = anthropic.base_url ?? d.anthropic.baseUrl;
    // Saving an Ollama address switches discovery on even where the environment left it off.
    const ollamaOn = d.ollama.discovery || ollama.base_url !== undefined;
    const ollamaUrl = ollama.base_url ?? d.ollama.url;
    const llm: LlmConfig = {
      ...config.llm,
      openai: openaiUrl
        ? { baseUrl: openaiUrl, apiKey: openaiKey, model: openai.model ?? d.openai.model }
        : undefined,
      anthropic: anthropicKey
        ? { baseUrl: anthropicUrl, apiKey: anthropicKey, model: anthropic.model ?? d.anthropic.model }
        : undefined,
      ollama: ollamaOn ? { url: ollamaUrl, model: ollama.model ?? d.ollama.model } : undefined,
    };
    const source = (value: SavedProvider, envSet: boolean) =>
      Object.keys(value).some((k) => value[k as keyof SavedProvider] !== undefined)
        ? ('saved' as const)
        : envSet
          ? ('environment' as const)
          : ('default' as const);
    const view = (
      base: string | undefined,
      model: string | undefined,
      key: boolean,
      src: LlmProviderSettings['source'],
    ): LlmProviderSettings => ({
      base_url: base ?? null,
      model: model ?? null,
      api_key_set: key,
      source: src,
    });
    return {
      signupsOpen: typeof signups === 'boolean' ? signups : config.auth.signupsOpen,
      quotaBytes: quotaMb > 0 ? quotaMb * 1024 * 1024 : undefined,
      llm,
      whisperModel: typeof whisperModel === 'string' && whisperModel ? whisperModel : undefined,
      maxUploadBytes: maxUploadMb * MB,
      view: {
        signups_open: typeof signups === 'boolean' ? signups : config.auth.signupsOpen,
        signups_source: typeof signups === 'boolean' ? 'saved' : 'environment',
        storage_quota_mb: Math.round(quotaMb),
        storage_quota_source: typeof quota === 'number' ? 'saved' : 'environment',
        max_upload_mb: Math.round(maxUploadMb),
        max_upload_source: typeof maxUpload === 'number' ? 'saved' : 'environment',
        storage_free_mb: free === undefined ? null : Math.floor(free / MB),
        llm: {
          openai: view(
            openaiUrl,
            openai.model ?? d.openai.model,
            Boolean(openaiKey),
            source(openai, Boolean(d.openai.baseUrl)),
          ),
          anthropic: view(
            anthropicUrl,
            anthropic.model ?? d.anthropic.model,
            Boolean(anthropicKey),
            source(anthropic, Boolean(d.anthropic.apiKey)),
          ),
          ollama: view(
            ollamaUrl,
            ollama.model ?? d.ollama.model,
            Boolean(ollama.api_key),
            source(ollama, false),
          ),
        },
        email_configured: config.smtp !== undefined,
      },
    };
  }
}

function setOrDrop(target: SavedProvider, key: keyof SavedProvider, value: string | null | undefined): void {
  if (value === null || value === undefined) delete target[key];
  else target[key] = value;
}
