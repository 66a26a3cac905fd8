import { api } from '../../../lib/api.ts';

export const STORAGE_SPACE_KEY = ['admin', 'storage'] as const;

/** `GET /admin/storage` (administrator only): free space on the disk of the data folder. */
export function fetchStorageSpace() {
  return api.get('/api/v1/admin/storage');
}
