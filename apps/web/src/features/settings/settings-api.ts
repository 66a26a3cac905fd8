import type {
  AdminJob,
  AdminModels,
  AdminSettings,
  AdminSettingsUpdate,
  LlmTestRequest,
  LlmTestResponse,
  SpeechLanguages,
  WhisperDownloadStarted,
  WhisperModelSetting,
} from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;
export const ADMIN_MODELS_KEY = ['admin', 'models'] as const;
export const WHISPER_SETTING_KEY = ['admin', 'models', 'whisper'] as const;
export const SPEECH_LANGUAGES_KEY = ['system', 'speech-languages'] as const;

export const fetchAdminSettings = () => api.request<AdminSettings>('/admin/settings');

export const saveAdminSettings = (change: AdminSettingsUpdate) =>
  api.request<AdminSettings>('/admin/settings', { method: 'PUT', json: change });

export const testLlm = (request: LlmTestRequest) =>
  api.request<LlmTestResponse>('/admin/llm/test', { json: request });

/** Every model of every kind (speech and built-in language models) with its state. */
export const fetchAdminModels = () => api.request<AdminModels>('/admin/models');

/** Starts the download of a model of either kind (a job), or hands back the one under way. */
export const downloadModel = (name: string) =>
  api.request<WhisperDownloadStarted>(`/admin/models/${encodeURIComponent(name)}/download`, {
    method: 'POST',
  });

export const fetchAdminJob = (id: string) => api.request<AdminJob>(`/admin/jobs/${id}`);

export const fetchSpeechLanguages = () =>
  api.request<SpeechLanguages>('/system/speech-languages', { auth: false });

/** The whisper model in force and where the choice comes from. */
export const fetchWhisperSetting = () => api.request<WhisperModelSetting>('/admin/models/whisper');

/** Chooses the whisper model to transcribe with; null goes back to the default. */
export const chooseWhisperModel = (name: string | null) =>
  api.request<WhisperModelSetting>('/admin/models/whisper', { method: 'PUT', json: { name } });
