import type { AudioImportRequest, AudioImportStarted, FeedPreview } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

/**
 * `POST /audio/import`: a media link starts an import (the new items' ids); a feed's address
 * answers with its episodes to choose from; with `episodes`, those episodes are imported.
 */
export const importFromLink = (body: AudioImportRequest) =>
  api.request<FeedPreview | AudioImportStarted>('/audio/import', { method: 'POST', json: body });

export const isFeed = (answer: FeedPreview | AudioImportStarted): answer is FeedPreview => 'feed' in answer;

/** What the link field holds, as the server will read it: trimmed, with https:// when no scheme was typed. */
export function normaliseLink(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
}
