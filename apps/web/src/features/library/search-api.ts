import type { QueryOf } from '../../lib/api/routes.ts';
import { api } from '../../lib/api.ts';
import { itemPath } from '../items/items-api.ts';

/** `GET /search`: the user's items' passages that hold the words, best first. */
export const searchLibrary = (query: QueryOf<'/api/v1/search', 'get'>) =>
  api.get('/api/v1/search', { query });

/** Where a hit leads: its item's page, playing from the hit's second when it has one. */
export const hitPath = (hit: { item_id: string; start: number | null }) =>
  hit.start === null ? itemPath(hit.item_id) : `${itemPath(hit.item_id)}?t=${Math.floor(hit.start)}`;
