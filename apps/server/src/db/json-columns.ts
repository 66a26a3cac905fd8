import type { ContentBody, ContentDetails, Segment, zInfographicJobSubmit } from '@voxpress/contracts';
import type { z } from 'zod';

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

/**
 * A piece's first language as stored (`content.body`): a `ContentBody`, whose `details` are the
 * content type's fields (a union on `content_type`), except that a piece written before details
 * had one shape keeps the engine's own (the composer's metadata or a model's `details`). The
 * content mapper's `bodyOf` gives them the one shape on reading.
 */
export type StoredContentBody = Omit<ContentBody, 'details'> & {
  details: ContentDetails | Record<string, unknown> | null;
};

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

/** One language-model provider's saved values (`server_settings.value` under `llm.<id>`); the key is sealed. */
export interface SavedProvider {
  base_url?: string;
  model?: string;
  api_key?: string;
}

/**
 * One administrator setting (`server_settings.value`): a switch (sign-ups), a number of megabytes
 * (quota, largest upload), a model's name (whisper) or one language-model provider's values.
 */
export type StoredSetting = boolean | number | string | SavedProvider;

/** A text drawn on an infographic with, when it comes from a recording, the second it was said. */
export interface SourcedText {
  text: string;
  /** Seconds into the recording; null for a written document or text the user typed. */
  start: number | null;
  /** Who said it, when the transcript's voices are named. */
  speaker?: string | undefined;
}

/** One side of a comparison: its name as the content gives it ("Pros", "Heat pump") and its items. */
export interface ComparisonSide {
  label: string;
  items: string[];
}

/**
 * Two options set against each other, as the content puts them: pros and cons, before and after,
 * "X vs Y", "on the one hand … on the other". Item `i` of each side is one row, drawn level.
 */
export interface Comparison {
  left: ComparisonSide;
  right: ComparisonSide;
  /** `pros`: the left side is for and the right against (a tick and a cross); else `neutral`. */
  tone: 'pros' | 'neutral';
}

/**
 * What an infographic shows, in one language. Built from a content piece's structured body (or
 * typed by the user when editing a variation); a renderer draws what is there and leaves out what
 * is not. Every string is final text: renderers fit it (size, then wrap, then an ellipsis at a
 * word boundary) and never rewrite it.
 */
export interface InfographicData {
  /** BCP-47 code of the texts, e.g. `en`, `hi`, `zh`; picks fonts and line breaking. */
  language: string;
  title: string;
  subtitle?: string | undefined;
  /** Key points or highlights, in order. */
  points: SourcedText[];
  /** Numbered steps: tutorial steps or recipe instructions. */
  steps?: string[] | undefined;
  ingredients?: string[] | undefined;
  /** Figures drawn large: prep time, servings, price, attendees… (`value` is short: "15 min"). */
  facts?: { label: string; value: string }[] | undefined;
  /** Two options compared, row by row. */
  comparison?: Comparison | undefined;
  /** One quote from the speaker, with its time and, when named, who said it. */
  quote?: SourcedText | undefined;
  /** Meeting action items, with who owns each when known. */
  actionItems?: { text: string; owner?: string | undefined }[] | undefined;
  /** Hashtags or keywords, without `#`. */
  tags?: string[] | undefined;
  /** Small print at the bottom: author, brand or source line. */
  footer?: string | undefined;
}

/** An image set's request as accepted (`infographic_jobs.request`): the submit schema's output. */
export type StoredInfographicRequest = z.output<typeof zInfographicJobSubmit>;

/** How a variation was planned and drawn (`infographic_images.plan`), shown with `enable_debugging`. */
export type StoredImagePlan = Record<string, unknown>;
