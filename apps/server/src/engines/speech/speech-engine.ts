import type { Segment } from '@voxpress/contracts';
import { type Engine, EngineError, type EngineStatus, EngineUnavailableError } from '../engine.ts';

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
  /**
   * Told while the engine waits for its model to download before it can hear anything (bytes so
   * far and in all, also when another job started that download), then `null` once the wait is
   * over, whether the download succeeded or not.
   */
  onModelDownload?(download: ModelDownloadProgress | null): void;
}

/** How far the download of an engine's model has come. */
export interface ModelDownloadProgress {
  model: string;
  receivedBytes: number;
  totalBytes: number;
}

/** How a speech engine stands on this machine (see `EngineStatus`). */
export type SpeechEngineStatus = EngineStatus;

/**
 * A speech-to-text engine. Implementations live beside this file: whisper.cpp in-process,
 * an OpenAI-compatible HTTP server, CMU PocketSphinx. Errors meant for the user are
 * `SpeechEngineError`s; the router falls back on `SpeechEngineUnavailableError`s.
 */
export interface SpeechEngine extends Engine {
  readonly kind: 'speech';
  /** Whether it can transcribe this language at all (`en-US` → checks `en`). */
  supports(language: string): boolean;
  /**
   * The primary language codes it hears (`en`, `es`…), or null when it takes any language (a
   * remote server decides). For pickers that offer only what can be heard.
   */
  languages?(): readonly string[] | null;
  transcribe(request: SpeechRequest): Promise<SpeechResult>;
}

/** Speech engines fail with the errors every engine kind uses. */
export const SpeechEngineError = EngineError;
export type SpeechEngineError = EngineError;
export const SpeechEngineUnavailableError = EngineUnavailableError;
export type SpeechEngineUnavailableError = EngineUnavailableError;
