import { i18n } from '../i18n/i18n.ts';

/** Longest name shown in the control panel before it is cut (spec: 12 characters plus '...'). */
export const MAX_DISPLAY_NAME = 12;

/** The user's name as the control panel shows it: cut to 12 characters plus '...', else 'User'. */
export function displayName(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) return i18n.t('user.fallbackName');
  const chars = Array.from(trimmed);
  return chars.length > MAX_DISPLAY_NAME ? `${chars.slice(0, MAX_DISPLAY_NAME).join('')}...` : trimmed;
}

/** Up to two initials for an avatar without a picture. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0]?.toUpperCase() ?? '');
  return letters.join('') || 'U';
}

/** The first word of a name, for greetings; empty when there is no name. */
export function firstName(name: string | null | undefined): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
