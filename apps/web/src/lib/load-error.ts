import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { browserOnline, errorMessage, isNoAnswer } from './error-message.ts';

/**
 * What a page says when something could not be loaded: the server's own message when it answered;
 * when no answer came (the browser's bare "Failed to fetch"), a sentence in the interface language:
 * offline, that this was not kept on the device; online, that the server could not be reached.
 */
export function loadErrorMessage(error: Error, online = browserOnline()): string {
  if (error instanceof ApiError) return error.message;
  if (isNoAnswer(error) && !online) return i18n.t('offline.notKept');
  return errorMessage(error, undefined, online);
}
