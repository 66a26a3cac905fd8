import type { Diagram, Omitted, RenderRequest } from '../renderer.ts';
import type { FittedText } from '../text/fit-text.ts';
import type { IconName } from './icons.ts';
import type { Metrics } from './metrics.ts';
import type { Motif } from './motifs.ts';
import type { QrModules } from './share-qr.ts';
import type { Theme } from './theme.ts';

// What `compose` produces and the templates draw: every text fitted, every section measured.

export type ListKind = 'ingredients' | 'steps' | 'points' | 'actions';

export interface ListItem {
  text: FittedText;
  owner?: FittedText | undefined;
  /** An ingredient's quantity, set in its own aligned column. */
  qty?: FittedText | undefined;
  /** What the item is about, drawn as its marker (a key point about money gets coins). */
  icon?: IconName | undefined;
  height: number;
}

export interface ListBlock {
  kind: ListKind;
  label: FittedText;
  items: ListItem[];
  /** Ingredients set in two columns. */
  twoUp: boolean;
  /**
   * A long flow on a wide canvas set down two columns: the first half of the items down the
   * first, the rest down the second (numbers read down, then across).
   */
  flowColumns: boolean;
  /** Width of the number, tick, dot or time before each item. */
  markerWidth: number;
  /** Width of the quantities' column (ingredients), 0 when there is none. */
  qtyWidth: number;
  /** Markers joined by a line down the list (a numbered flow, a timeline). */
  connect: boolean;
  /** Recording times before the items (a timeline): one per item, `null` for an item without. */
  times: (FittedText | null)[] | null;
  height: number;
}

export interface FactsBlock {
  kind: 'facts';
  facts: { value: FittedText; label: FittedText | null; icon: IconName }[];
  cardWidth: number;
  /** A share drawn under each figure (percentages only), 0–1; null when they are not all shares. */
  shares: number[] | null;
  /** Big-number tiles leading the variation, rather than a row of figures beside the lists. */
  tiles: boolean;
  height: number;
}

export interface QuoteBlock {
  kind: 'quote';
  text: FittedText;
  caption: FittedText | null;
  height: number;
}

export interface TagsBlock {
  kind: 'tags';
  text: FittedText;
  height: number;
}

/** One row of a comparison: the two sides' items at the same height. */
export interface CompareRow {
  left: FittedText | null;
  right: FittedText | null;
  height: number;
}

/** Two options side by side, their items in aligned rows. */
export interface CompareBlock {
  kind: 'compare';
  labels: [FittedText, FittedText];
  rows: CompareRow[];
  /** For and against (a tick and a cross before the items), or two options (dots). */
  tone: 'pros' | 'neutral';
  /** Width of each side, and of the marker before each item. */
  sideWidth: number;
  markerWidth: number;
  height: number;
}

/** Ingredients and steps side by side. */
export interface SplitBlock {
  kind: 'split';
  left: ListBlock;
  right: ListBlock;
  leftWidth: number;
  height: number;
}

export type Block = ListBlock | FactsBlock | QuoteBlock | TagsBlock | SplitBlock | CompareBlock;

export interface HeaderBlock {
  eyebrow: FittedText;
  eyebrowIcon: IconName;
  /** The eyebrow's row: the pill or capitals, or the brand's logo when that is taller. */
  eyebrowHeight: number;
  title: FittedText;
  subtitle: FittedText | null;
  height: number;
}

export interface Column {
  left: number;
  top: number;
  width: number;
  height: number;
  header: HeaderBlock | null;
  blocks: Block[];
}

/** Everything a template draws, measured and placed: drawing it cannot overflow. */
export interface Composition {
  request: RenderRequest;
  /** The structure drawn. */
  diagram: Diagram;
  theme: Theme;
  metrics: Metrics;
  columns: Column[];
  footer: FittedText | null;
  motif: Motif;
  /** Padding inside cards and quote boxes. */
  cardPad: number;
  /** Space between list items. */
  itemGap: number;
  /** Space between a section label and its items. */
  labelGap: number;
  /**
   * Sections with content the canvas had no room for, or lists showing part of their items,
   * lowest priority first as they were left out.
   */
  omitted: Omitted[];
  /** The brand's logo, drawn at the end of the eyebrow's row at this size; null without one. */
  logo: { url: string; width: number; height: number } | null;
  /** The QR code to the share page in the bottom end corner, or null without a share link. */
  qr: QrMark | null;
}

/** A QR code placed and sized: whole pixels per module, on a light plate with its quiet zone. */
export interface QrMark {
  modules: QrModules;
  /** Pixels per module. */
  cell: number;
  /** The plate's side in pixels, quiet zone included. */
  size: number;
  /** The block's width: the plate, or the caption when that is wider. */
  width: number;
  /** The block's height: the plate, a gap and the caption. */
  height: number;
  /** The link's host under the code. */
  caption: FittedText;
}
