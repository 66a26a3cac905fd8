import type { ItemUpdate } from '@voxpress/contracts';
import type { QueryOf } from '../../lib/api/routes.ts';
import { api } from '../../lib/api.ts';

export type ItemListQuery = QueryOf<'/api/v1/items', 'get'>;

export const itemKey = (id: string) => ['items', id] as const;
export const itemTextKey = (id: string) => ['items', id, 'text'] as const;
export const itemListKey = (query: ItemListQuery) => ['items', 'list', query] as const;

/** The page of an item (a recording, an upload or a written document). */
export const itemPath = (id: string) => `/items/${id}`;

export const getItem = (id: string) => api.get('/api/v1/items/{id}', { path: { id } });

/** The library, newest first; a blank search is no search. */
export const listItems = (query: ItemListQuery = {}) =>
  api.get('/api/v1/items', { query: { ...query, q: query.q || undefined } });

export const updateItem = (id: string, update: ItemUpdate) =>
  api.put('/api/v1/items/{id}', { path: { id }, json: update });

export const deleteItem = (id: string) => api.delete('/api/v1/items/{id}', { path: { id } });

/** An item's text as read: the transcript of audio, or a document's paragraphs. */
export const getItemText = (id: string) => api.get('/api/v1/items/{id}/transcription', { path: { id } });
