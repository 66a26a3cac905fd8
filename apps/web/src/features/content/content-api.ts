import type {
  Content,
  ContentEdit,
  ContentLinks,
  EnhanceRequest,
  EnhanceResponse,
  TranslationLanguages,
} from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const contentKey = (id: string) => ['content', id] as const;
/** Every piece written from one source (transcript or document). */
export const sourceContentKey = (transcriptionId: string) => ['content', 'source', transcriptionId] as const;

export const listSourceContent = (transcriptionId: string) =>
  api.request<{ items: Content[] }>(`/content/transcription/${transcriptionId}`).then((r) => r.items);

export const getContent = (id: string) => api.request<Content>(`/content/${id}`);

/** The content languages no translator on this server serves from `source` (refused by enhance). */
export const getUntranslatable = (source: string) =>
  api
    .request<TranslationLanguages>(`/system/translation-languages?source=${encodeURIComponent(source)}`)
    .then((r) => r.unavailable);

export const enhanceContent = (request: EnhanceRequest) =>
  api.request<EnhanceResponse>('/content/enhance', { json: request });

/** Saves one language's title or text, made on `revision`; 409 (code `conflict`) when it moved on. */
export const saveContent = (id: string, edit: ContentEdit) =>
  api.request<Content>(`/content/${id}`, { method: 'PUT', json: edit });

export const deleteContent = (id: string) =>
  api.request<{ message: string }>(`/content/${id}`, { method: 'DELETE' });

/** The status stream's address with a short-lived ticket for it (never the access token). */
export const getContentLinks = (id: string) => api.request<ContentLinks>(`/content/${id}/links`);
