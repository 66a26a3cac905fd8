import type { Audio, SpeakersRequest } from '@voxpress/contracts';
import type { FinishedRecording } from './recorder-machine.ts';
import { XhrFailure } from './xhr-send.ts';

/**
 * A recording kept on this device until the server has it. `queuedAt` marks one the user asked to
 * send while offline: it goes by itself as soon as a connection is there, also after a reload.
 */
export interface KeptRecording extends FinishedRecording {
  /** The transcription language chosen when it was queued. */
  language?: string;
  /** How many voices to look for, as chosen when it was queued. */
  speakers?: SpeakersRequest;
  queuedAt?: string;
}

/** Where a queued recording stands, as the capture panel shows it. */
export type QueueState =
  | { kind: 'waiting' }
  | { kind: 'sending'; percent: number }
  | { kind: 'sent'; audioId: string }
  | { kind: 'failed'; message: string };

export interface RecordingQueueDeps {
  /** The signed-in user's kept recordings. */
  list(): Promise<KeptRecording[]>;
  save(recording: KeptRecording): Promise<void>;
  remove(id: string): Promise<void>;
  /** Converts and uploads one recording and asks for its transcript. */
  send(recording: KeptRecording, onProgress: (percent: number) => void): Promise<Audio>;
  /** The browser believes it has a connection. */
  online(): boolean;
  /** The message for a refusal the server gave (too large, over quota…). */
  describe(error: unknown): string;
  /** Runs `fn` later (a retry after a connection that only looked alive). */
  later(fn: () => void, ms: number): () => void;
}

/** No answer at all: the connection, not the recording, is the problem, so it waits and tries again. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof XhrFailure) return error.kind !== 'abort';
  return error instanceof TypeError;
}

export const RETRY_MS = 30_000;

export interface RecordingQueue {
  /** Keeps the recording to be sent when there is a connection; sends it now if there is one. */
  queue(recording: FinishedRecording, language: string, speakers?: SpeakersRequest): Promise<void>;
  /** Sends every queued recording, oldest first, while the connection lasts. */
  drain(): Promise<void>;
  /** The state of each recording this page has queued, sent or seen fail. */
  snapshot(): ReadonlyMap<string, QueueState>;
  subscribe(listener: () => void): () => void;
}

export function createRecordingQueue(deps: RecordingQueueDeps): RecordingQueue {
  let states: ReadonlyMap<string, QueueState> = new Map();
  const listeners = new Set<() => void>();
  let draining: Promise<void> | null = null;
  /** Something was queued while a drain was under way (which had already read the list). */
  let again = false;
  let cancelRetry: (() => void) | null = null;

  const set = (id: string, state: QueueState | null) => {
    const next = new Map(states);
    if (state) next.set(id, state);
    else next.delete(id);
    states = next;
    for (const listener of listeners) listener();
  };

  async function sendAll(): Promise<void> {
    const queued = (await deps.list()).filter((r) => r.queuedAt);
    queued.sort((a, b) => (a.queuedAt ?? '').localeCompare(b.queuedAt ?? ''));
    for (const recording of queued) {
      if (!deps.online()) {
        set(recording.id, { kind: 'waiting' });
        continue;
      }
      set(recording.id, { kind: 'sending', percent: 0 });
      try {
        const audio = await deps.send(recording, (percent) =>
          set(recording.id, { kind: 'sending', percent: Math.round(percent) }),
        );
        await deps.remove(recording.id);
        set(recording.id, { kind: 'sent', audioId: audio.audio_id });
      } catch (error) {
        if (isConnectionFailure(error)) {
          // Still offline in truth: everything left waits for the next try.
          for (const r of queued) if (states.get(r.id)?.kind !== 'sent') set(r.id, { kind: 'waiting' });
          cancelRetry?.();
          cancelRetry = deps.later(() => void drain(), RETRY_MS);
          return;
        }
        // The server refused it: sending it again would only be refused again. It stays on the
        // device, offered to the user with its reason, and no longer goes by itself.
        await deps.save({ ...recording, queuedAt: undefined }).catch(() => undefined);
        set(recording.id, { kind: 'failed', message: deps.describe(error) });
      }
    }
  }

  function drain(): Promise<void> {
    cancelRetry?.();
    cancelRetry = null;
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await sendAll();
      } while (again && deps.online());
    })().finally(() => {
      draining = null;
    });
    return draining;
  }

  return {
    async queue(recording, language, speakers) {
      await deps.save({
        ...recording,
        language,
        ...(speakers !== undefined ? { speakers } : {}),
        queuedAt: new Date().toISOString(),
      });
      set(recording.id, { kind: 'waiting' });
      if (deps.online()) await drain();
    },
    drain,
    snapshot: () => states,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
