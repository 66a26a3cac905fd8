import type { Item, ItemList, ItemListQuery, ItemUpdate, Transcription } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

export const itemKey = (id: string) => ['items', id] as const;
export const itemTextKey = (id: string) => ['items', id, 'text'] as const;
export const itemListKey = (query: ItemListQuery) => ['items', 'list', query] as const;

/** The page of an item (a recording, an upload or a written document). */
export const itemPath = (id: string) => `/items/${id}`;

export const getItem = (id: string) => api.request<Item>(`/items/${id}`);

export const listItems = (query: ItemListQuery = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return api.request<ItemList>(`/items?${params}`);
};

export const updateItem = (id: string, update: ItemUpdate) =>
  api.request<Item>(`/items/${id}`, { method: 'PUT', json: update });

export const deleteItem = (id: string) =>
  api.request<{ message: string }>(`/items/${id}`, { method: 'DELETE' });

/** An item's text as read: the transcript of audio, or a document's paragraphs. */
export const getItemText = (id: string) => api.request<Transcription>(`/items/${id}/transcription`);
