import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';

/** The browsers' words for a request that got no answer (Chromium, Firefox, Safari). */
const NO_ANSWER = /failed to fetch|networkerror|load failed/i;

/**
 * What a page says when something could not be loaded: the server's own message when it answered;
 * when no answer came (the browser's bare "Failed to fetch"), a sentence in the interface language
 * saying the device is offline and this was not kept on it.
 */
export function loadErrorMessage(
  error: Error,
  online = typeof navigator === 'undefined' || navigator.onLine,
): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError && (!online || NO_ANSWER.test(error.message))) {
    return i18n.t('offline.notKept');
  }
  return error.message;
}
