import type { Item, ItemUpdate } from '@voxpress/contracts';

/** Longest title and description the server keeps. */
export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 5000;

export interface DetailsDraft {
  title: string;
  description: string;
}

export type DetailsCheck =
  | { ok: true; update: ItemUpdate | null }
  | { ok: false; problem: 'titleBlank' | 'titleTooLong' | 'descriptionTooLong' };

/**
 * What saving the title and description form would send: only the fields that changed (trimmed;
 * a blank description clears it), null when nothing changed, or why it cannot be saved.
 */
export function checkDetails(item: Pick<Item, 'title' | 'description'>, draft: DetailsDraft): DetailsCheck {
  const title = draft.title.trim();
  const description = draft.description.trim();
  if (!title) return { ok: false, problem: 'titleBlank' };
  if (title.length > TITLE_MAX) return { ok: false, problem: 'titleTooLong' };
  if (description.length > DESCRIPTION_MAX) return { ok: false, problem: 'descriptionTooLong' };
  const update: ItemUpdate = {};
  if (title !== item.title) update.title = title;
  if (description !== (item.description ?? '')) update.description = description || null;
  return { ok: true, update: Object.keys(update).length ? update : null };
}
