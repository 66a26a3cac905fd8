import type { SearchQuery, SearchResults } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';
import { itemPath } from '../items/items-api.ts';

/** `GET /search`: the user's items' passages that hold the words, best first. */
export const searchLibrary = (query: SearchQuery) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return api.request<SearchResults>(`/search?${params}`);
};

/** Where a hit leads: its item's page, playing from the hit's second when it has one. */
export const hitPath = (hit: { item_id: string; start: number | null }) =>
  hit.start === null ? itemPath(hit.item_id) : `${itemPath(hit.item_id)}?t=${Math.floor(hit.start)}`;
