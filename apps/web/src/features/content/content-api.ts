import type { ContentEdit, EnhanceRequest } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const contentKey = (id: string) => ['content', id] as const;
/** Every piece written from one source (transcript or document). */
export const sourceContentKey = (transcriptionId: string) => ['content', 'source', transcriptionId] as const;

export const listSourceContent = (transcriptionId: string) =>
  api.get('/api/v1/content/transcription/{id}', { path: { id: transcriptionId } }).then((r) => r.items);

export const getContent = (id: string) => api.get('/api/v1/content/{id}', { path: { id } });

/** The content languages no translator on this server serves from `source` (refused by enhance). */
export const getUntranslatable = (source: string) =>
  api.get('/api/v1/system/translation-languages', { query: { source } }).then((r) => r.unavailable);

export const enhanceContent = (request: EnhanceRequest) =>
  api.post('/api/v1/content/enhance', { json: request });

/** Saves one language's title or text, made on `revision`; 409 (code `conflict`) when it moved on. */
export const saveContent = (id: string, edit: ContentEdit) =>
  api.put('/api/v1/content/{id}', { path: { id }, json: edit });

export const deleteContent = (id: string) => api.delete('/api/v1/content/{id}', { path: { id } });

/** The status stream's address with a short-lived ticket for it (never the access token). */
export const getContentLinks = (id: string) => api.get('/api/v1/content/{id}/links', { path: { id } });
