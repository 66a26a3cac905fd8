import { primaryLanguage } from '@voxpress/contracts';
import type { Composition } from './compose.ts';

/** Languages written right to left: Arabic, Hebrew, Persian, Urdu, Pashto, Sindhi, Uyghur, Yiddish, Dhivehi, Sorani, Syriac. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb', 'syr']);

/** Whether a language (`ar`, `fa-IR`, `ur_PK`) is written right to left. */
export function isRightToLeft(language: string): boolean {
  return RIGHT_TO_LEFT.has(primaryLanguage(language));
}

/**
 * The sides a composition's writing direction starts and ends on. Flex rows and text alignment
 * follow the root's `direction`; absolute positions, borders and padding on one side name a
 * physical side, so templates take it from here.
 */
export function sides(c: Composition): { rtl: boolean; start: 'left' | 'right'; Start: 'Left' | 'Right' } {
  const rtl = isRightToLeft(c.request.data.language);
  return { rtl, start: rtl ? 'right' : 'left', Start: rtl ? 'Right' : 'Left' };
}
