import type { AudioImportRequest } from '@voxpress/contracts';
import type { ResponseOf } from '../../lib/api/routes.ts';
import { api } from '../../lib/api.ts';

/**
 * `POST /audio/import`: a media link starts an import (the new items' ids); a feed's address
 * answers with its episodes to choose from; with `episodes`, those episodes are imported.
 */
export const importFromLink = (body: AudioImportRequest) => api.post('/api/v1/audio/import', { json: body });

type ImportAnswer = ResponseOf<'/api/v1/audio/import', 'post'>;

export const isFeed = (answer: ImportAnswer): answer is Extract<ImportAnswer, { feed: unknown }> =>
  'feed' in answer;

/** What the link field holds, as the server will read it: trimmed, with https:// when no scheme was typed. */
export function normaliseLink(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
