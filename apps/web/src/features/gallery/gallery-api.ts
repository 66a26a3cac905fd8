import { type InfographicContentType, SAVED_INFOGRAPHICS_PAGE_SIZE } from '@voxpress/contracts';
import { api } from '../../lib/api.ts';

/** What the gallery's list of saved images is narrowed to (the API's own query parameters). */
export interface SavedQuery {
  page: number;
  content_type?: InfographicContentType | undefined;
  /** The source (a transcript or a document) the images were made from. */
  transcription_id?: string | undefined;
}

export const savedListKey = (q: SavedQuery) => ['infographics', 'saved', q] as const;
export const collectionsKey = (contentType?: InfographicContentType) =>
  ['infographics', 'collections', contentType ?? ''] as const;
export const collectionKey = (id: string) => ['infographics', 'collection', id] as const;
export const sourcesKey = ['infographics', 'sources'] as const;

/** The user's saved images, newest first, 50 to a page (spec §9). */
export const listSaved = (q: SavedQuery) =>
  api.get('/api/v1/infographics/saved', {
    query: {
      page: q.page,
      limit: SAVED_INFOGRAPHICS_PAGE_SIZE,
      content_type: q.content_type,
      transcription_id: q.transcription_id || undefined,
    },
  });

/** One saved image, with a fresh signed link. */
export const getSaved = (id: string) => api.get('/api/v1/infographics/saved/{id}', { path: { id } });

/** The user's template collections, newest first. */
export const listCollections = (contentType?: InfographicContentType) =>
  api.get('/api/v1/infographics/template-collections', { query: { content_type: contentType } });

/** One collection with its variations (fresh signed links). */
export const getCollection = (id: string) =>
  api.get('/api/v1/infographics/collections/{id}', { path: { id } });

/** An item the images were made from: its page, its title, and the source id the API files images under. */
export interface SourceItem {
  id: string;
  title: string;
  transcriptionId: string;
}

const ITEMS_PAGE = 100;
/** Enough for any real library; a longer one shows its oldest items' images without a link. */
const MAX_ITEM_PAGES = 20;

/**
 * The user's items that have a source text, newest first. Saved images name their source by its
 * transcript (or document) id, and an item's page is found from that.
 */
export async function listSourceItems(): Promise<SourceItem[]> {
  const out: SourceItem[] = [];
  for (let page = 1; page <= MAX_ITEM_PAGES; page++) {
    const list = await api.get('/api/v1/items', { query: { page, limit: ITEMS_PAGE } });
    for (const item of list.items)
      if (item.transcription_id)
        out.push({ id: item.id, title: item.title, transcriptionId: item.transcription_id });
    if (page * ITEMS_PAGE >= list.total) break;
  }
  return out;
}
