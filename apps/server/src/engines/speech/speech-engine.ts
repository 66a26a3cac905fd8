import type { Segment } from '@voxpress/contracts';

/** What an engine heard in one file. */
export interface SpeechResult {
  text: string;
  /** BCP-47-ish code of the language transcribed, e.g. `en` or `en-US`. */
  language: string;
  /** Timed pieces of the text, in seconds, where the engine gives them (may be empty). */
  segments: Segment[];
  /** 0–1 where the engine gives one. */
  confidence: number | null;
  /** Model name or file, where meaningful. */
  model: string | null;
}

export interface SpeechRequest {
  /** A 16 kHz mono 16-bit PCM WAV file (see `decodeToWav`). */
  wavPath: string;
  /** Its duration in seconds. */
  durationS: number;
  /** Requested language, e.g. `en-US`, `es`, `fr-FR`. */
  language: string;
  signal: AbortSignal;
  /** 0–1 over the engine's own work, from real progress (seconds heard / total). */
  onProgress(fraction: number): void;
}

/** How an engine stands on this machine, for `GET /api/v1/system/engines` and for selection. */
export interface SpeechEngineStatus {
  state: 'available' | 'missing' | 'disabled';
  detail: string;
  /** What to do to enable it, when not available. */
  enable?: string;
}

/**
 * A speech-to-text engine. Implementations live beside this file: whisper.cpp in-process,
 * an OpenAI-compatible HTTP server, CMU PocketSphinx. Errors meant for the user are
 * `SpeechEngineError`s.
 */
export interface SpeechEngine {
  /** Stable id recorded as the transcription's `provider`: `whisper`, `openai`, `pocketsphinx`. */
  readonly id: string;
  readonly name: string;
  /** Whether it can transcribe this language at all (`en-US` → checks `en`). */
  supports(language: string): boolean;
  status(): Promise<SpeechEngineStatus>;
  transcribe(request: SpeechRequest): Promise<SpeechResult>;
}

/**
 * A failure with a message for the user. `retryable` says whether running the job again could
 * help (a server that is down: yes; a corrupt model or audio: no).
 */
export class SpeechEngineError extends Error {
  override name = 'SpeechEngineError';
  constructor(
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A failure of the engine itself rather than of the audio: its model is missing, damaged or could
 * not be downloaded, its server refused the key. Never retryable on the same engine; the speech
 * router moves on to the next engine that can serve the language.
 */
export class SpeechEngineUnavailableError extends SpeechEngineError {
  override name = 'SpeechEngineUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, false, options);
  }
}
