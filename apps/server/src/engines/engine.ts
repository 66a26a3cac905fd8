import { isStorageFull, STORAGE_FULL_DETAIL } from '../storage/storage-full.ts';

/** The kinds of engine the server routes work to; each has its own interface extending `Engine`. */
export const ENGINE_KINDS = ['speech', 'writer', 'translator', 'renderer', 'diarizer', 'embedder'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

/**
 * How an engine stands on this machine: `ready` to take work, `missing` (not installed, not set
 * up, its model not downloaded) or `misconfigured` (set up, but broken: a damaged model, an
 * unknown model name, a key the server refused).
 */
export type EngineState = 'ready' | 'missing' | 'misconfigured';

/** What an engine says about itself. Only `state` and `reason` may be shown to every user. */
export interface EngineStatus {
  state: EngineState;
  /** Plain words for anyone: no paths, addresses, variables or commands. */
  reason: string;
  /** For administrators: the facts behind the state (paths, hosts, versions). */
  detail: string;
  /** For administrators: how to enable or repair it (environment variables, commands, paths). */
  hint?: string;
  /** The model file it needs, where it needs one: whether that file is on this server. */
  model?: EngineModel;
}

/**
 * The model file of an engine that needs one (whisper, a local language model). An engine whose
 * model is not `downloaded` may still take work (it downloads on first use), but is never shown
 * as in use: what serves requests meanwhile is the next engine.
 */
export interface EngineModel {
  name: string;
  state: 'downloaded' | 'not_downloaded' | 'downloading' | 'download_failed';
  /** Plain words for anyone, for `download_failed`: why it failed. */
  reason?: string;
  /** Size of the file to download, in bytes, where known. */
  bytes?: number;
  /** Percent downloaded, while `downloading`. */
  percent?: number;
}

/** Whether an engine's model file is there (engines without a model count as having it). */
export function hasModel(status: EngineStatus): boolean {
  return !status.model || status.model.state === 'downloaded';
}

/**
 * One implementation of an engine kind. Each kind (speech, writer, translator, renderer) extends
 * this with the work it does; the `EngineRouter` picks among implementations of one kind.
 */
export interface Engine {
  /** Stable name, recorded on results as the engine that made them: `whisper`, `pocketsphinx`. */
  readonly id: string;
  readonly kind: EngineKind;
  /** Display name: `whisper.cpp (in-process)`. */
  readonly name: string;
  status(): Promise<EngineStatus>;
}

/**
 * A failure with a message for the user. `message` may carry administrator detail (paths,
 * addresses, what to run) and goes to the logs; `userMessage` is what a user is shown.
 * `retryable` says whether running the job again could help (a server that is down: yes; a
 * corrupt model or audio: no).
 */
export class EngineError extends Error {
  override name = 'EngineError';
  readonly userMessage: string;
  constructor(
    message: string,
    readonly retryable: boolean,
    options: { cause?: unknown; userMessage?: string } = {},
  ) {
    super(message, { cause: options.cause });
    this.userMessage = options.userMessage ?? message;
  }
}

/**
 * A failure of the engine itself rather than of the input: its model is missing, damaged or could
 * not be downloaded, its server refused the key. Never retryable on the same engine; the router
 * moves on to the next engine that can serve the request.
 */
export class EngineUnavailableError extends EngineError {
  override name = 'EngineUnavailableError';
  constructor(message: string, options: { cause?: unknown; userMessage?: string } = {}) {
    super(message, false, options);
  }
}

/** Nothing configured on this server can serve the request: `message` says how to enable one. */
export class NoEngineError extends EngineError {
  override name = 'NoEngineError';
  constructor(message: string, userMessage: string) {
    super(message, false, { userMessage });
  }
}

/** What a user may be shown for any failure: an engine's plain message, else a general one. */
export function userMessageOf(err: unknown, fallback: string): string {
  if (err instanceof EngineError) return err.userMessage;
  // A full disk is the administrator's to fix, whichever write found it: never the user's input.
  if (isStorageFull(err)) return STORAGE_FULL_DETAIL;
  return fallback;
}
