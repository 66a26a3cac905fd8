import type { Audience, CulturalContext, InfographicContentType, LayoutStyleKey } from '@voxpress/contracts';
import type { InfographicData } from '../../db/json-columns.ts';
import type { Engine, EngineStatus } from '../engine.ts';

// What an infographic shows is stored with the image (`infographic_images.data`), so its shape
// sits with the schema; the renderer draws it.
export type { Comparison, ComparisonSide, InfographicData, SourcedText } from '../../db/json-columns.ts';

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
