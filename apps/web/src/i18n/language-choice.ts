import { i18n } from './i18n.ts';
import { type InterfaceLanguage, initialLanguage, isInterfaceLanguage } from './interface-languages.ts';

/** Where this browser keeps the interface language a person chose. */
export const INTERFACE_LANGUAGE_KEY = 'voxpress-interface-language';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked (some private modes): the choice lasts for this page only
  }
}

/** The language chosen before on this browser, if any. */
export function savedLanguage(): InterfaceLanguage | null {
  const saved = storage()?.getItem(INTERFACE_LANGUAGE_KEY) ?? null;
  return saved && isInterfaceLanguage(saved) ? saved : null;
}

/** The language this visit starts in (saved choice, else the browser's, else English). */
export function startLanguage(): InterfaceLanguage {
  const browser = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return initialLanguage(savedLanguage(), browser);
}

type Listener = (language: InterfaceLanguage) => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` whenever the person picks a language (not when one is only detected), e.g. to
 * keep it in their account settings. Returns the unsubscribe function.
 */
export function onLanguageChosen(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches the interface at once (its texts load first) and keeps the choice on this browser. */
export async function chooseLanguage(language: InterfaceLanguage): Promise<void> {
  storage()?.setItem(INTERFACE_LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
  for (const listener of listeners) listener(language);
}

/**
 * Applies a language that came from elsewhere (the account's setting on another device) without
 * announcing it as a new choice.
 */
export async function adoptLanguage(language: string): Promise<void> {
  if (!isInterfaceLanguage(language) || language === i18n.resolvedLanguage) return;
  storage()?.setItem(INTERFACE_LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
}
