import type { Engine } from '../engine.ts';

/** What a diarizer is asked: who speaks when in one decoded recording. */
export interface DiarizeRequest {
  /** A 16 kHz mono 16-bit PCM WAV file (see `decodeToWav`). */
  wavPath: string;
  durationS: number;
  /** The number of voices when the user gave it; otherwise the engine decides. */
  speakers?: number | undefined;
  signal: AbortSignal;
  /** 0–1 over the engine's own work. */
  onProgress(fraction: number): void;
}

/** One stretch of speech by one voice; `speaker` counts from 0 in order of first appearance. */
export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: number;
}

export interface DiarizeResult {
  turns: SpeakerTurn[];
  /** How many voices were found. */
  speakers: number;
  /** The model or method that found them. */
  model: string | null;
  /**
   * Each voice's print by `speaker` number, when the engine makes them: numbers that describe how
   * the voice sounds (compared across recordings with `voiceSimilarity`), never audio.
   */
  voices?: number[][];
}

/**
 * A speaker diarization engine: the built-in separator (spectral features and clustering, no
 * download) beside this file, or one with downloaded models.
 */
export interface DiarizerEngine extends Engine {
  readonly kind: 'diarizer';
  diarize(request: DiarizeRequest): Promise<DiarizeResult>;
}
