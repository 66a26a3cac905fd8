import { i18n } from '../i18n/i18n.ts';

/**
 * The browsers' words for a request that got no answer: Chromium's "Failed to fetch", Firefox's
 * "NetworkError when attempting to fetch resource." and Safari's "Load failed" (older Safari:
 * "The Internet connection appears to be offline.", "Could not connect to the server.", "The
 * network connection was lost.").
 */
const NO_ANSWER =
  /^(failed to fetch|networkerror when attempting to fetch resource|load failed|the internet connection appears to be offline|could not connect to the server|the network connection was lost)/i;

/** The browser believes it has a connection (true where it cannot tell). */
export function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * A request that got no answer at all, its message already in the interface language. It stays a
 * `TypeError`, as the browser's own error is, so code that waits for the connection to return
 * (the offline recording queue) still knows it for what it is.
 */
export class NoAnswerError extends TypeError {
  override readonly name = 'NoAnswerError';
  /** The browser said it had no connection when the request failed. */
  readonly offline: boolean;
  constructor(cause: unknown, online = browserOnline()) {
    super(noAnswerMessage(online), { cause });
    this.offline = !online;
  }
}

/** No answer came: the browser's bare network error in any browser's words, or our own. */
export function isNoAnswer(error: unknown): boolean {
  if (error instanceof NoAnswerError) return true;
  return error instanceof TypeError && NO_ANSWER.test(error.message.trim());
}

/** The request was given up after waiting too long for the server (the client's own time limit). */
export function isTimeout(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'TimeoutError' &&
    !(error instanceof NoAnswerError)
  );
}

/** What the user reads when no answer came: offline, or the server out of reach. */
export function noAnswerMessage(online = browserOnline()): string {
  return online ? i18n.t('errors.unreachable') : i18n.t('errors.offline');
}

/**
 * The error a request rejects with, made readable: no answer or a timeout become a sentence in the
 * interface language; anything else (an abort the caller asked for included) passes unchanged.
 */
export function readableRequestError(error: unknown): unknown {
  if (isNoAnswer(error) && !(error instanceof NoAnswerError)) return new NoAnswerError(error);
  if (isTimeout(error)) {
    const readable = new Error(i18n.t('errors.timedOut'), { cause: error });
    readable.name = 'TimeoutError';
    return readable;
  }
  return error;
}

/**
 * The one way an error becomes text for the user. No answer from the server reads as offline or
 * unreachable, a request that waited too long says so, both in the interface language; any other
 * error keeps its own message (an `ApiError`'s is the server's sentence, translated by its code);
 * an error with nothing to say gives `fallback`.
 */
export function errorMessage(
  error: unknown,
  fallback: string = i18n.t('state.errorTitle'),
  online = browserOnline(),
): string {
  if (isNoAnswer(error)) return noAnswerMessage(online);
  if (isTimeout(error)) return i18n.t('errors.timedOut');
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}
