import {
  type Content,
  type ContentTranslation,
  keepEditedTranslation,
  stripNonePrefix,
} from '@voxpress/contracts';

/** A language's title and text as shown and edited: a leading "None" line never shows (spec §5). */
export function shownText(translation: Pick<ContentTranslation, 'text'>): string {
  return stripNonePrefix(translation.text);
}

/**
 * The text the writer or translator first gave for a language: the oldest saved version when the
 * piece was edited since, else the current one. Reset returns to it.
 */
export function originalOf(piece: Content, language: string): { title: string; text: string } {
  const current = piece.metadata.translations[language];
  const oldest = piece.metadata.versions[language]?.at(-1);
  return {
    title: oldest?.title ?? current?.title ?? '',
    text: stripNonePrefix(oldest?.text ?? current?.text ?? ''),
  };
}

export interface EditDraft {
  title: string;
  text: string;
}

/**
 * What saving a draft stores (spec §5): the text without a leading "None"; an edit shorter than
 * 10 % of the original is taken for a slip and the original kept (`discarded`). Null when nothing
 * changed from what is saved.
 */
export function draftToSave(
  saved: EditDraft,
  original: EditDraft,
  draft: EditDraft,
): { title: string; text: string; discarded: boolean } | null {
  const cleaned = stripNonePrefix(draft.text);
  const text = keepEditedTranslation(original.text, cleaned);
  const title = draft.title.trim() || saved.title;
  if (text === saved.text && title === saved.title) return null;
  return { title, text, discarded: text !== cleaned };
}
