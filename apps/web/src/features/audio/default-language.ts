import { useSyncExternalStore } from 'react';
import { isKnownLanguage } from './language-fields.ts';
import { DEFAULT_LANGUAGE_CODE } from './languages.ts';

/** Where the user's default transcription language is kept in this browser. */
export const DEFAULT_LANGUAGE_KEY = 'voxpress-language';

const listeners = new Set<() => void>();

/** The saved default language, or en-US when none (or an unknown one) is saved. */
export function getDefaultLanguage(): string {
  try {
    const saved = window.localStorage.getItem(DEFAULT_LANGUAGE_KEY);
    return saved && isKnownLanguage(saved) ? saved : DEFAULT_LANGUAGE_CODE;
  } catch {
    return DEFAULT_LANGUAGE_CODE;
  }
}

/** Saves the default language and tells every subscriber. */
export function setDefaultLanguage(code: string): void {
  try {
    window.localStorage.setItem(DEFAULT_LANGUAGE_KEY, code);
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DEFAULT_LANGUAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The default language (kept in sync with other tabs) and a setter. */
export function useDefaultLanguage(): [string, (code: string) => void] {
  const code = useSyncExternalStore(subscribe, getDefaultLanguage, () => DEFAULT_LANGUAGE_CODE);
  return [code, setDefaultLanguage];
}
