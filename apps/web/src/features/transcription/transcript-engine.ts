import type { Transcription } from '@voxpress/contracts';

/** The speech engines by the id the server records on each transcript. */
const ENGINE_NAMES: Record<string, string> = {
  whisper: 'whisper.cpp',
  pocketsphinx: 'PocketSphinx',
  openai: 'OpenAI',
};

/** An engine's display name; an id the interface does not know is shown as it is. */
export function engineName(id: string): string {
  return ENGINE_NAMES[id] ?? id;
}

/** A preferred engine that did not make the transcript, and why, in the server's plain words. */
export interface PassedOverEngine {
  id: string;
  name: string;
  reason: string;
}

/** The engine that really heard a recording, and the preferred engines it stood in for. */
export interface TranscriptEngine {
  id: string;
  name: string;
  /** Empty when the first choice made the transcript; otherwise a fallback ran. */
  passedOver: PassedOverEngine[];
}

/**
 * Which engine made a transcript, read from the attempts the server keeps with it: the last one
 * made the text. Preferred engines it passed over are those recorded with that attempt (not
 * ready, or failed on this recording); transcripts from before that record name only the engines
 * that failed on the way.
 */
export function transcriptEngine(transcription: Transcription): TranscriptEngine {
  const attempts = transcription.metadata.transcriptions;
  const last = attempts.at(-1);
  const id = last?.provider ?? transcription.provider;
  const recorded =
    last?.passed_over ??
    attempts
      .slice(0, -1)
      .filter((a) => a.error !== undefined)
      .map((a) => ({ provider: a.provider, reason: a.error ?? '' }));
  const passedOver = recorded
    .filter((p) => p.provider !== id)
    .map((p) => ({ id: p.provider, name: engineName(p.provider), reason: p.reason }));
  return { id, name: engineName(id), passedOver };
}
