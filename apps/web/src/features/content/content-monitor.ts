import type { ContentStatusEvent } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';

/** True once a piece is done, one way or the other: live updates stop there. */
export function isSettled(status: string): boolean {
  const s = status.toLowerCase();
  return s === 'completed' || s === 'failed';
}

export interface ContentMonitorDeps {
  /** Opens the status stream; null when none can be opened (then polling is used). */
  openStream(): EventSource | null;
  /** Reads the piece's current status (the polling fallback). */
  poll(): Promise<ContentStatusEvent>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  intervalMs?: number;
  maxAttempts?: number;
  maxErrors?: number;
  /** How long an open stream may stay silent before the status is read once by polling. */
  quietMs?: number;
}

export interface ContentMonitorHandlers {
  onStatus(status: ContentStatusEvent): void;
  /** Following the piece failed (not the writing): the spec's enhancement messages. */
  onError(message: string): void;
}

const QUIET_STREAM_MS = 15_000;

function checkFailed(err: unknown): string {
  const detail = err instanceof Error && err.message ? err.message.replace(/\.$/, '') : '';
  return detail
    ? i18n.t('content:errors.checkFailedDetail', { detail })
    : i18n.t('content:errors.checkFailed');
}

/**
 * Follows one piece of content until it is completed or failed: server-sent events first; when the
 * stream breaks, polling every 5 s for at most 180 polls ('Enhancement timed out. Please try
 * again.'), where three failed polls in a row stop it ('Failed to check enhancement status: … .
 * Please try again.'); while the stream stays silent for 15 s, one poll checks. Returns a stop
 * function.
 */
export function monitorContent(deps: ContentMonitorDeps, handlers: ContentMonitorHandlers): () => void {
  const interval = deps.intervalMs ?? LIMITS.enhancePollIntervalMs;
  const maxAttempts = deps.maxAttempts ?? LIMITS.enhancePollMaxAttempts;
  const maxErrors = deps.maxErrors ?? LIMITS.enhancePollMaxErrors;
  let stopped = false;
  let source: EventSource | null = null;
  let timer: unknown;
  let quietTimer: unknown;
  let attempts = 0;
  let errorsInARow = 0;

  function stop() {
    stopped = true;
    source?.close();
    source = null;
    deps.clearTimeout(timer);
    deps.clearTimeout(quietTimer);
  }

  const deliver = (status: ContentStatusEvent): boolean => {
    if (stopped) return true;
    handlers.onStatus(status);
    if (isSettled(status.status)) {
      stop();
      return true;
    }
    return false;
  };

  const pollNext = () => {
    if (stopped) return;
    if (attempts >= maxAttempts) {
      stop();
      handlers.onError(i18n.t('content:errors.timedOut'));
      return;
    }
    attempts += 1;
    deps
      .poll()
      .then((status) => {
        errorsInARow = 0;
        if (!deliver(status)) timer = deps.setTimeout(pollNext, interval);
      })
      .catch((err: unknown) => {
        if (stopped) return;
        errorsInARow += 1;
        if (errorsInARow >= maxErrors) {
          stop();
          handlers.onError(checkFailed(err));
          return;
        }
        timer = deps.setTimeout(pollNext, interval);
      });
  };

  const fallBackToPolling = () => {
    source?.close();
    source = null;
    deps.clearTimeout(quietTimer);
    if (!stopped) pollNext();
  };

  const watchQuiet = () => {
    deps.clearTimeout(quietTimer);
    if (stopped || !source) return;
    quietTimer = deps.setTimeout(() => {
      if (stopped || !source) return;
      deps
        .poll()
        .then((status) => {
          if (!deliver(status)) watchQuiet();
        })
        .catch(() => watchQuiet());
    }, deps.quietMs ?? QUIET_STREAM_MS);
  };

  try {
    source = deps.openStream();
  } catch {
    source = null;
  }
  if (!source) {
    pollNext();
    return stop;
  }
  const parse = (event: MessageEvent<string>) => {
    try {
      if (!deliver(JSON.parse(event.data) as ContentStatusEvent)) watchQuiet();
    } catch {
      fallBackToPolling();
    }
  };
  source.onmessage = parse;
  source.addEventListener('complete', (event) => parse(event as MessageEvent<string>));
  source.onerror = fallBackToPolling;
  watchQuiet();
  return stop;
}
