import type { Segment } from '@voxpress/contracts';

// The shapes of the jsonb columns that have no contract of their own. They sit with the schema
// (the bottom layer) so the tables can name them and every layer above can read them typed.

/** A voice as stored on the transcript (`transcriptions.speakers`). */
export interface StoredSpeaker {
  id: string;
  /** The user's name for it; null until named (then shown as `Speaker <n>`). */
  name: string | null;
  colour: string;
  /**
   * The voice's print from detection, kept only while the user has Remember voices on (numbers
   * that describe how it sounds, never audio; see `voice-profiles.service.ts`).
   */
  voice?: number[];
  /** The voice profile this voice's print was added to when it was named. */
  profile?: string;
}

/** A segment as stored: what the engine heard, plus its voice once speakers are detected. */
export type StoredSegment = Segment & { speaker?: string | null };

/** A saved edit of one language of a piece (`content.versions`), kept newest first. */
export interface ContentVersion {
  language: string;
  title: string;
  text: string;
  saved_at: string;
}

/** Which engine wrote a piece, why, and every engine tried (`content.writer`). */
export interface WriterRecord {
  engine: string;
  model: string | null;
  reason: string;
  attempts: { engine: string; reason: string; duration_ms: number; error?: string }[];
}

/** One attempt at delivering a webhook event (`webhook_deliveries.attempts`). */
export interface AttemptRecord {
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  at: string;
}
