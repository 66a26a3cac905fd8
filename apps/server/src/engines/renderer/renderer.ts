import type { Audience, CulturalContext, InfographicContentType, LayoutStyleKey } from '@voxpress/contracts';
import type { Engine, EngineStatus } from '../engine.ts';

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

/**
 * The structure a variation is drawn with, chosen from what its content holds: `flow` numbers
 * the steps (or action items) down a connected line, `timeline` sets key points against the
 * moment of the recording they were said, `figures` leads with the numbers as large tiles (with a
 * bar for each percentage), `quote` leads with the quote as a card, `comparison` sets two options
 * side by side in aligned rows, `cards` stacks the sections.
 */
export type Diagram = 'cards' | 'flow' | 'timeline' | 'figures' | 'quote' | 'comparison';

/** A section the canvas had no room for, or a list showing part of its items. */
export interface Omitted {
  section: string;
  shown: number;
  total: number;
}

/**
 * A user's brand kit as a render applies it over any style: its colours for the style's primary
 * and accent, its heading font for titles, its footer line, its logo in the top corner.
 */
export interface RenderBrand {
  primary: string;
  secondary: string;
  headingFont: string;
  footer?: string | undefined;
  /** A PNG data URL, with its size in pixels. */
  logo?: { url: string; width: number; height: number } | undefined;
}

/** One image to draw. */
export interface RenderRequest {
  style: LayoutStyleKey;
  contentType: InfographicContentType;
  width: number;
  height: number;
  data: InfographicData;
  /** Changes palette, imagery and emphasis (spec §3 audiences and cultural contexts). */
  audience: Audience;
  culturalContext: CulturalContext;
  /** The structure to draw; `cards` when absent. */
  diagram?: Diagram | undefined;
  /** Drawn in the user's brand kit over the style's own colours and heading font. */
  brand?: RenderBrand | undefined;
  /**
   * An absolute address of the item's share page: drawn as a small QR code in the bottom corner
   * at the end of the writing direction, captioned with its host.
   */
  shareUrl?: string | undefined;
}

export interface RenderResult {
  png: Uint8Array;
  width: number;
  height: number;
  /** Time spent drawing this image, in milliseconds. */
  renderMs: number;
  /**
   * Characters of the texts that no installed font can draw, as codepoints: each was drawn as an
   * empty box. Empty when every character has a glyph.
   */
  missing: number[];
  /** What the layout left out for want of room, lowest priority first; empty when all fit. */
  omitted: Omitted[];
}

/**
 * Draws infographics to PNG off the request thread. Implementations keep their fonts loaded for
 * the life of the process; `close()` ends their worker threads.
 */
export interface RendererEngine extends Engine {
  readonly kind: 'renderer';
  status(): Promise<EngineStatus>;
  render(request: RenderRequest, signal?: AbortSignal): Promise<RenderResult>;
  close(): Promise<void>;
}
