/** What a status monitor needs from the world: a stream, a poll and a clock (tests pass fakes). */
export interface StatusMonitorDeps<E> {
  /** Opens the status stream; null when none can be opened (then polling is used). */
  openStream(): EventSource | null;
  /** Reads the current status (the polling fallback). */
  poll(): Promise<E>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  intervalMs?: number;
  maxAttempts?: number;
  maxErrors?: number;
  /** How long an open stream may stay silent before the status is read once by polling. */
  quietMs?: number;
}

export interface StatusMonitorHandlers<E> {
  onStatus(status: E): void;
  /** Following the work failed (not the work itself): the spec's monitoring messages. */
  onError(message: string): void;
}

/** What differs between the things followed: when they are done, the spec's limits and texts. */
export interface StatusRules<E> {
  settled(status: E): boolean;
  intervalMs: number;
  maxAttempts: number;
  /** Failed polls in a row that stop the monitor. */
  maxErrors: number;
  timedOut(): string;
  pollFailed(err: unknown): string;
}

/** A stream silent this long is checked by one poll: a lost event must never freeze the page. */
const QUIET_STREAM_MS = 15_000;

/**
 * Follows a piece of work until it settles: server-sent events first; when the stream breaks,
 * polling every `intervalMs` for at most `maxAttempts` polls, where `maxErrors` failed polls in a
 * row stop it; while the stream stays silent for 15 s, one poll checks. Returns a stop function.
 */
export function monitorStatus<E>(
  rules: StatusRules<E>,
  deps: StatusMonitorDeps<E>,
  handlers: StatusMonitorHandlers<E>,
): () => void {
  const interval = deps.intervalMs ?? rules.intervalMs;
  const maxAttempts = deps.maxAttempts ?? rules.maxAttempts;
  const maxErrors = deps.maxErrors ?? rules.maxErrors;
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

  const deliver = (status: E): boolean => {
    if (stopped) return true;
    handlers.onStatus(status);
    if (rules.settled(status)) {
      stop();
      return true;
    }
    return false;
  };

  const pollNext = () => {
    if (stopped) return;
    if (attempts >= maxAttempts) {
      stop();
      handlers.onError(rules.timedOut());
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
          handlers.onError(rules.pollFailed(err));
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

  // While the stream is open, silence is checked with one poll, and the watch starts again.
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
      if (!deliver(JSON.parse(event.data) as E)) watchQuiet();
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
