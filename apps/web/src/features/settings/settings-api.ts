import type { AdminSettingsUpdate, LlmTestRequest } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const ADMIN_SETTINGS_KEY = ['admin', 'settings'] as const;
export const ADMIN_MODELS_KEY = ['admin', 'models'] as const;
export const WHISPER_SETTING_KEY = ['admin', 'models', 'whisper'] as const;
export const SPEECH_LANGUAGES_KEY = ['system', 'speech-languages'] as const;

export const fetchAdminSettings = () => api.get('/api/v1/admin/settings');

export const saveAdminSettings = (change: AdminSettingsUpdate) =>
  api.put('/api/v1/admin/settings', { json: change });

export const testLlm = (request: LlmTestRequest) => api.post('/api/v1/admin/llm/test', { json: request });

/** Every model of every kind (speech and built-in language models) with its state. */
export const fetchAdminModels = () => api.get('/api/v1/admin/models');

/** Starts the download of a model of either kind (a job), or hands back the one under way. */
export const downloadModel = (name: string) =>
  api.post('/api/v1/admin/models/{name}/download', { path: { name } });

export const fetchAdminJob = (id: string) => api.get('/api/v1/admin/jobs/{id}', { path: { id } });

export const fetchSpeechLanguages = () => api.get('/api/v1/system/speech-languages', { auth: false });

/** The whisper model in force and where the choice comes from. */
export const fetchWhisperSetting = () => api.get('/api/v1/admin/models/whisper');

/** Chooses the whisper model to transcribe with; null goes back to the default. */
export const chooseWhisperModel = (name: string | null) =>
  api.put('/api/v1/admin/models/whisper', { json: { name } });
