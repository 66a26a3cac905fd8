import type { ItemSource } from '@voxpress/contracts';
import type { AudioRow } from '../../repositories/audio.repository.ts';

const none = { url: null, host: null, feed_title: null, feed_url: null, published_at: null };

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/** Where an item came from: uploaded or recorded here, imported from the web, or a document. */
export function itemSource(row: AudioRow | null): ItemSource {
  if (!row) return { type: 'document', ...none };
  const origin = row.origin;
  if (!origin) return { type: row.source, ...none };
  if (origin.kind === 'feed_episode')
    return {
      type: 'feed_episode',
      url: origin.url,
      // "Imported from <host>": the feed's host, where the user found the episode.
      host: hostOf(origin.feed_url),
      feed_title: origin.feed_title,
      feed_url: origin.feed_url,
      published_at: origin.published_at,
    };
  return { ...none, type: origin.kind, url: origin.url, host: hostOf(origin.url) };
}
