import { i18n } from '../../i18n/i18n.ts';

/** The save indicator's states (spec: Saved, Saving..., Unsaved changes, Save failed). */
export type SaveState = 'saved' | 'saving' | 'unsaved' | 'error';

const t = i18n.getFixedT(null, 'transcription');

/** The indicator's words, read in the interface language when shown. */
export const SAVE_LABELS: Record<SaveState, string> = {
  get saved() {
    return t('save.saved');
  },
  get saving() {
    return t('save.saving');
  },
  get unsaved() {
    return t('save.unsaved');
  },
  get error() {
    return t('save.error');
  },
};

/** Save is offered only with changes and no save in progress. */
export function canSave(state: SaveState, dirty: boolean): boolean {
  return dirty && state !== 'saving';
}

/** Turns plain transcript text into paragraphs for the editor, escaping markup. */
export function textToHtml(text: string): string {
  const escapeHtml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const paragraphs = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.length ? paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') : '<p></p>';
}

/** Link addresses the editor accepts (spec: http, https, mailto, tel). */
export function isAllowedLink(url: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(url.trim());
}

/** Image addresses the editor accepts (spec: http, https and data, the latter only for images). */
export function isAllowedImage(src: string): boolean {
  return /^(https?:\/\/|data:image\/)/i.test(src.trim());
}
