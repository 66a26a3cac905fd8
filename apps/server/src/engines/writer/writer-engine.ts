import type { ContentBody } from '@voxpress/contracts';
import type { Engine, EngineStatus } from '../engine.ts';
import type { VoicedSegment } from './llm/transcript-lines.ts';

/** What to write: the source (timed segments, or a document's blocks) and the author's brief. */
export interface WriterRequest {
  /**
   * The source's segments; a segment's index is the id content points back to. Each carries its
   * voice (`speaker`, `speaker_name`) once speakers are found.
   */
  segments: readonly VoicedSegment[];
  /** The text to write from (the user's edit when there is one). */
  text: string;
  /** False for a written document: its segments have no times, so grounding carries no start. */
  timed: boolean;
  /** Language to write in, e.g. `en`. */
  language: string;
  contentType: string;
  /** The title the user asked for. */
  title?: string | undefined;
  /** The item's own title (the recording's or document's name), for a writer that needs one. */
  sourceTitle?: string | undefined;
  keywords?: readonly string[] | undefined;
  platforms?: readonly string[] | undefined;
  /** The author's note on how they write. */
  voice?: string | undefined;
  signal: AbortSignal;
  /** 0–1. */
  onProgress?(fraction: number): void;
}

/** A written piece in the one shape content is stored in, with the model behind it if any. */
export interface WrittenPiece {
  body: ContentBody;
  model: string | null;
}

/**
 * A writer behind the `writer` router: the built-in composer or a language model, each adapted to
 * one request and one output shape (`ContentBody`). A failure of the writer itself is an
 * `EngineUnavailableError`, so the router hands the piece to the next writer.
 */
export interface WriterEngine extends Engine {
  readonly kind: 'writer';
  status(): Promise<EngineStatus>;
  write(request: WriterRequest): Promise<WrittenPiece>;
}
