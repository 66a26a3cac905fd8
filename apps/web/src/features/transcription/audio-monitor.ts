import type { AudioStatusEvent } from '@voxpress/contracts';
import { LIMITS } from '@voxpress/contracts';
import { i18n } from '../../i18n/i18n.ts';

/** Where an audio item stands, as the workflow shows it. */
export type ProcessingState = 'processing' | 'completed' | 'failed';

/**
 * The spec's rule: complete when status and transcription_status are both completed and a
 * transcription id exists (case-insensitive); failed when either status is failed; else processing.
 */
export function processingState(
  s: Pick<AudioStatusEvent, 'status' | 'transcription_status' | 'transcription_id'>,
): ProcessingState {
  const status = s.status.toLowerCase();
  const transcription = s.transcription_status.toLowerCase();
  if (status === 'failed' || transcription === 'failed') return 'failed';
  if (status === 'completed' && transcription === 'completed' && s.transcription_id) return 'completed';
  return 'processing';
}

export interface MonitorDeps {
  /** Opens the status stream; null when no stream can be opened (then polling is used). */
  openStream(): EventSource | null;
  /** Reads the current status (the polling fallback). */
  poll(): Promise<AudioStatusEvent>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  intervalMs?: number;
  maxAttempts?: number;
  /** How long an open stream may stay silent before the status is read once by polling. */
  quietMs?: number;
}

export interface MonitorHandlers {
  onStatus(status: AudioStatusEvent): void;
  /** Monitoring itself failed (not the transcription): the spec's monitoring messages. */
  onError(message: string): void;
}

/** A stream silent this long is checked by one poll: a lost event must never freeze the page. */
const QUIET_STREAM_MS = 15_000;

/**
 * Follows an audio item until it is completed or failed: server-sent events first; when the stream
 * breaks, polling every 3 s for at most 60 attempts ('Polling timeout'); while a stream stays
 * silent for 15 s, one poll checks the status. Returns a stop function.
 */
export function monitorAudio(deps: MonitorDeps, handlers: MonitorHandlers): () => void {
  const interval = deps.intervalMs ?? LIMITS.statusPollIntervalMs;
  const maxAttempts = deps.maxAttempts ?? LIMITS.statusPollMaxAttempts;
  let stopped = false;
  let source: EventSource | null = null;
  let timer: unknown;
  let quietTimer: unknown;
  let attempts = 0;

  const deliver = (status: AudioStatusEvent): boolean => {
    if (stopped) return true;
    handlers.onStatus(status);
    if (processingState(status) !== 'processing') {
      stop();
      return true;
    }
    return false;
  };

  const pollNext = () => {
    if (stopped) return;
    if (attempts >= maxAttempts) {
      stop();
      handlers.onError(i18n.t('transcription:workflow.pollingTimeout'));
      return;
    }
    attempts += 1;
    deps
      .poll()
      .then((status) => {
        if (!deliver(status)) timer = deps.setTimeout(pollNext, interval);
      })
      .catch((err: unknown) => {
        if (stopped) return;
        stop();
        handlers.onError(
          err instanceof Error && err.message ? err.message : i18n.t('transcription:workflow.monitorFailed'),
        );
      });
  };

  const fallBackToPolling = () => {
    source?.close();
    source = null;
    deps.clearTimeout(quietTimer);
    if (!stopped) pollNext();
  };

  function stop() {
    stopped = true;
    source?.close();
    source = null;
    deps.clearTimeout(timer);
    deps.clearTimeout(quietTimer);
  }

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
      if (!deliver(JSON.parse(event.data) as AudioStatusEvent)) watchQuiet();
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
