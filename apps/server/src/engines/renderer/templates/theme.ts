import { type Audience, type CulturalContext, LAYOUT_STYLES, type LayoutStyleKey } from '@voxpress/contracts';
import { BOOK_SERIF, DISPLAY_SERIF, UI_SANS } from '../fonts/font-catalog.ts';
import type { RenderBrand, RenderRequest } from '../renderer.ts';
import { contrastRatio, luminance } from './contrast.ts';

/** Everything a layout style decides about colour, type and surfaces. */
export interface Theme {
  key: LayoutStyleKey;
  /** CSS background of the canvas (a colour or a gradient). */
  background: string;
  text: string;
  muted: string;
  primary: string;
  accent: string;
  /** Text drawn on `primary`. */
  onPrimary: string;
  /** Sections sit on cards of this colour; null draws them on the canvas, split by rules. */
  card: string | null;
  cardText: string;
  cardMuted: string;
  cardBorder: string | null;
  cardShadow: string | null;
  radius: number;
  rule: string;
  displayFont: string;
  displayWeight: number;
  bodyFont: string;
  /** Letter spacing of titles in em. */
  titleTracking: number;
  /** Eyebrow as a filled pill, or as spaced capitals. */
  eyebrow: 'pill' | 'caps';
  eyebrowBg: string;
  eyebrowText: string;
  /** Header alignment. */
  align: 'left' | 'center';
  /** Step numbers: a filled disc, or large numerals. */
  stepMark: 'disc' | 'numeral';
  quoteBg: string | null;
  quoteText: string;
  quoteFont: string;
  quoteItalic: boolean;
  /** Fact values' colour. */
  factValue: string;
  /** The opacity of the cultural motif. */
  motifOpacity: number;
  /** The colour the motif is drawn in. */
  motifColor: string;

  // What the style draws, decided here so a new style is one entry of data.
  /** Behind the content: a double frame, corner brackets, soft discs, a bar along the top, or nothing. */
  decoration: 'double-frame' | 'corner-frame' | 'bubbles' | 'top-bar' | 'none';
  /** The canvas is a gradient of the style's own colours (of the brand's in a brand kit). */
  gradientCanvas: boolean;
  /** Section labels in the primary colour, or in the eyebrow's. */
  labelInk: 'primary' | 'eyebrow';
  /** Step numerals, timeline times, quantities, flow connectors and item dashes. */
  markInk: Ink;
  /** Figures' icons and bars, and the caption under an open quote. */
  iconInk: Ink;
  /** Icons of list items. */
  itemIconInk: Ink;
  /** The quotation-mark icon on a boxed quote. */
  quoteMarkInk: Ink;
  /** Step discs fade from the primary to this colour; null fills them flat. */
  discFadeTo: string | null;
  /** Step numbers when they are not discs: `01` in the UI face, or `1.` in the display face (light italic). */
  numeral: 'padded' | 'dotted' | 'dotted-italic';
  /** Ingredient bullets. */
  bullet: 'dot' | 'diamond';
  /** Plain list items lead with an icon by meaning, or a short dash. */
  itemMark: 'icon' | 'dash';
  /** A rule along the start side of an open quote. */
  quoteRule: boolean;
  /** The quote's weight when it is set in the display face. */
  quoteWeight: number;
  /** The eyebrow's face: the body face, or the UI face. */
  eyebrowFont: 'body' | 'ui';
  /** Figures' values in the display face, or the UI face. */
  factFont: 'display' | 'ui';
  /** Hashtags' colour; null is the primary. */
  tagColor: string | null;
  /** The second side of a comparison in the accent, or in the muted text colour. */
  compareSecond: 'accent' | 'muted';
  /** An audience's tint colours the figures. */
  audienceTint: boolean;
  /** A cultural context's accent colours the eyebrow. */
  eyebrowFollowsAccent: boolean;
  /** A cultural context's accent colours the motif. */
  motifFollowsAccent: boolean;
}

/** A detail drawn in one of the theme's two colours (a brand kit recolours both). */
export type Ink = 'primary' | 'accent';

/** The colour of an ink in a theme. */
export function inkOf(theme: Theme, ink: Ink): string {
  return ink === 'primary' ? theme.primary : theme.accent;
}

const STYLE = Object.fromEntries(LAYOUT_STYLES.map((s) => [s.key, s.colors])) as Record<
  LayoutStyleKey,
  (typeof LAYOUT_STYLES)[number]['colors']
>;

const BASE: Record<LayoutStyleKey, Theme> = {
  modern: {
    key: 'modern',
    background: STYLE.modern.background,
    text: STYLE.modern.secondary,
    muted: '#475569',
    primary: STYLE.modern.primary,
    accent: STYLE.modern.accent,
    onPrimary: '#ffffff',
    card: '#ffffff',
    cardText: STYLE.modern.secondary,
    cardMuted: '#64748b',
    cardBorder: '#e2e8f0',
    cardShadow: '0 8px 24px rgba(15, 23, 42, 0.06)',
    radius: 28,
    rule: '#e2e8f0',
    displayFont: UI_SANS,
    displayWeight: 800,
    bodyFont: UI_SANS,
    titleTracking: -0.025,
    eyebrow: 'pill',
    eyebrowBg: '#dbeafe',
    eyebrowText: STYLE.modern.primary,
    align: 'left',
    stepMark: 'disc',
    quoteBg: STYLE.modern.secondary,
    quoteText: '#f8fafc',
    quoteFont: UI_SANS,
    quoteItalic: false,
    factValue: STYLE.modern.primary,
    motifOpacity: 0.1,
    motifColor: STYLE.modern.primary,
    decoration: 'top-bar',
    gradientCanvas: false,
    labelInk: 'primary',
    markInk: 'primary',
    iconInk: 'accent',
    itemIconInk: 'accent',
    quoteMarkInk: 'accent',
    discFadeTo: null,
    numeral: 'dotted',
    bullet: 'dot',
    itemMark: 'icon',
    quoteRule: false,
    quoteWeight: 500,
    eyebrowFont: 'ui',
    factFont: 'ui',
    tagColor: null,
    compareSecond: 'accent',
    audienceTint: true,
    eyebrowFollowsAccent: false,
    motifFollowsAccent: true,
  },
  classic: {
    key: 'classic',
    background: STYLE.classic.background,
    text: STYLE.classic.secondary,
    muted: '#57534e',
    primary: STYLE.classic.primary,
    accent: STYLE.classic.accent,
    onPrimary: '#fdf6e3',
    card: null,
    cardText: STYLE.classic.secondary,
    cardMuted: '#57534e',
    cardBorder: null,
    cardShadow: null,
    radius: 0,
    rule: '#d6c29a',
    displayFont: BOOK_SERIF,
    displayWeight: 700,
    bodyFont: BOOK_SERIF,
    titleTracking: -0.01,
    eyebrow: 'caps',
    eyebrowBg: 'transparent',
    eyebrowText: STYLE.classic.primary,
    align: 'center',
    stepMark: 'numeral',
    quoteBg: null,
    quoteText: STYLE.classic.secondary,
    quoteFont: BOOK_SERIF,
    quoteItalic: true,
    factValue: STYLE.classic.primary,
    motifOpacity: 0.14,
    motifColor: STYLE.classic.accent,
    decoration: 'double-frame',
    gradientCanvas: false,
    labelInk: 'eyebrow',
    markInk: 'primary',
    iconInk: 'accent',
    itemIconInk: 'primary',
    quoteMarkInk: 'accent',
    discFadeTo: null,
    numeral: 'dotted',
    bullet: 'diamond',
    itemMark: 'icon',
    quoteRule: false,
    quoteWeight: 500,
    eyebrowFont: 'body',
    factFont: 'display',
    tagColor: null,
    compareSecond: 'accent',
    audienceTint: true,
    eyebrowFollowsAccent: true,
    motifFollowsAccent: true,
  },
  minimal: {
    key: 'minimal',
    background: STYLE.minimal.background,
    text: STYLE.minimal.primary,
    muted: STYLE.minimal.secondary,
    primary: STYLE.minimal.primary,
    accent: STYLE.minimal.accent,
    onPrimary: '#ffffff',
    card: null,
    cardText: STYLE.minimal.primary,
    cardMuted: STYLE.minimal.secondary,
    cardBorder: null,
    cardShadow: null,
    radius: 0,
    rule: '#e5e7eb',
    displayFont: UI_SANS,
    displayWeight: 700,
    bodyFont: UI_SANS,
    titleTracking: -0.03,
    eyebrow: 'caps',
    eyebrowBg: 'transparent',
    eyebrowText: STYLE.minimal.accent,
    align: 'left',
    stepMark: 'numeral',
    quoteBg: null,
    quoteText: STYLE.minimal.primary,
    quoteFont: UI_SANS,
    quoteItalic: false,
    factValue: STYLE.minimal.primary,
    motifOpacity: 0.07,
    motifColor: STYLE.minimal.primary,
    decoration: 'none',
    gradientCanvas: false,
    labelInk: 'eyebrow',
    markInk: 'accent',
    iconInk: 'accent',
    itemIconInk: 'accent',
    quoteMarkInk: 'accent',
    discFadeTo: null,
    numeral: 'padded',
    bullet: 'dot',
    itemMark: 'dash',
    quoteRule: true,
    quoteWeight: 500,
    eyebrowFont: 'ui',
    factFont: 'ui',
    tagColor: null,
    compareSecond: 'muted',
    audienceTint: true,
    eyebrowFollowsAccent: true,
    motifFollowsAccent: true,
  },
  vibrant: {
    key: 'vibrant',
    background: `linear-gradient(150deg, ${STYLE.vibrant.primary} 0%, #9333ea 55%, ${STYLE.vibrant.secondary} 100%)`,
    text: '#ffffff',
    muted: 'rgba(255, 255, 255, 0.82)',
    primary: STYLE.vibrant.primary,
    accent: STYLE.vibrant.accent,
    onPrimary: '#ffffff',
    card: '#ffffff',
    cardText: '#2e1065',
    cardMuted: '#6b21a8',
    cardBorder: null,
    cardShadow: '0 18px 40px rgba(46, 16, 101, 0.28)',
    radius: 36,
    rule: 'rgba(255, 255, 255, 0.3)',
    displayFont: UI_SANS,
    displayWeight: 800,
    bodyFont: UI_SANS,
    titleTracking: -0.03,
    eyebrow: 'pill',
    eyebrowBg: STYLE.vibrant.accent,
    eyebrowText: STYLE.vibrant.secondary,
    align: 'left',
    stepMark: 'disc',
    quoteBg: STYLE.vibrant.accent,
    quoteText: '#2e1065',
    quoteFont: UI_SANS,
    quoteItalic: false,
    factValue: STYLE.vibrant.primary,
    motifOpacity: 0.16,
    motifColor: '#ffffff',
    decoration: 'bubbles',
    gradientCanvas: true,
    labelInk: 'primary',
    markInk: 'primary',
    iconInk: 'accent',
    itemIconInk: 'accent',
    quoteMarkInk: 'primary',
    discFadeTo: '#7c3aed',
    numeral: 'dotted',
    bullet: 'dot',
    itemMark: 'icon',
    quoteRule: false,
    quoteWeight: 500,
    eyebrowFont: 'ui',
    factFont: 'ui',
    tagColor: '#fde68a',
    compareSecond: 'accent',
    audienceTint: false,
    eyebrowFollowsAccent: false,
    motifFollowsAccent: false,
  },
  elegant: {
    key: 'elegant',
    background: `radial-gradient(circle at 50% 0%, #2a2420 0%, ${STYLE.elegant.background} 70%)`,
    text: STYLE.elegant.secondary,
    muted: '#a8a29e',
    primary: STYLE.elegant.primary,
    accent: STYLE.elegant.accent,
    onPrimary: STYLE.elegant.background,
    card: null,
    cardText: STYLE.elegant.secondary,
    cardMuted: '#a8a29e',
    cardBorder: null,
    cardShadow: null,
    radius: 0,
    rule: 'rgba(212, 175, 55, 0.45)',
    displayFont: DISPLAY_SERIF,
    displayWeight: 700,
    bodyFont: UI_SANS,
    titleTracking: 0,
    eyebrow: 'caps',
    eyebrowBg: 'transparent',
    eyebrowText: STYLE.elegant.primary,
    align: 'center',
    stepMark: 'numeral',
    quoteBg: null,
    quoteText: STYLE.elegant.secondary,
    quoteFont: DISPLAY_SERIF,
    quoteItalic: true,
    factValue: STYLE.elegant.primary,
    motifOpacity: 0.12,
    motifColor: STYLE.elegant.primary,
    decoration: 'corner-frame',
    gradientCanvas: false,
    labelInk: 'eyebrow',
    markInk: 'primary',
    iconInk: 'primary',
    itemIconInk: 'primary',
    quoteMarkInk: 'accent',
    discFadeTo: null,
    numeral: 'dotted-italic',
    bullet: 'dot',
    itemMark: 'icon',
    quoteRule: false,
    quoteWeight: 400,
    eyebrowFont: 'ui',
    factFont: 'display',
    tagColor: null,
    compareSecond: 'accent',
    audienceTint: false,
    eyebrowFollowsAccent: false,
    motifFollowsAccent: true,
  },
};

/** Accents of the cultural contexts: colours people there read as festive and familiar. */
const CULTURE_ACCENT: Record<CulturalContext, string | null> = {
  international: null,
  asian: '#dc2626',
  mediterranean: '#0e7490',
  indian: '#ea580c',
  mexican: '#e11d48',
};

/** What an audience cares about first tints the figures: greens for health, warm for parents. */
const AUDIENCE_FACT: Partial<Record<Audience, string>> = {
  health_enthusiasts: '#15803d',
  busy_parents: '#c2410c',
};

/** The theme of a style, coloured for an audience and a cultural context. */
export function themeFor(style: LayoutStyleKey, audience: Audience, culture: CulturalContext): Theme {
  const base = BASE[style];
  const accent = CULTURE_ACCENT[culture] ?? base.accent;
  const theme: Theme = { ...base, accent };
  // On dark or saturated canvases the figure colours stay the style's own, so they keep contrast.
  const fact = AUDIENCE_FACT[audience];
  if (fact && base.audienceTint) theme.factValue = fact;
  if (base.eyebrowFollowsAccent) theme.eyebrowText = culture === 'international' ? base.eyebrowText : accent;
  if (base.motifFollowsAccent && culture !== 'international') theme.motifColor = accent;
  return theme;
}

/** The families a theme draws with (fonts to load for its texts). */
export function themeFamilies(theme: Theme): string[] {
  return [...new Set([theme.displayFont, theme.bodyFont, theme.quoteFont, UI_SANS])];
}

/** The theme a request is drawn in: its style's, in the user's brand kit when it carries one. */
export function themeForRequest(request: RenderRequest): Theme {
  const theme = themeFor(request.style, request.audience, request.culturalContext);
  return request.brand ? withBrand(theme, request.brand) : theme;
}

const WEIGHT: Record<string, number> = { Inter: 800, Lora: 700, 'Playfair Display': 700 };

/**
 * A theme in a brand's colours and heading font. The brand's colours take the style's primary and
 * accent; on a dark canvas they are lightened toward white until text in them reads (3:1), so the
 * hue stays the brand's. Text on a filled primary is white or near-black, whichever reads better.
 */
export function withBrand(theme: Theme, brand: RenderBrand): Theme {
  const ground = firstHex(theme.card ?? theme.background) ?? '#ffffff';
  const canvas = firstHex(theme.background) ?? ground;
  const onGround = (color: string, on: string) => {
    let c = color;
    for (let t = 0.15; contrastRatio(c, on) < 3 && t <= 1; t += 0.15)
      c = mix(color, luminance(on) < 0.3 ? '#ffffff' : '#000000', t);
    return c;
  };
  const primary = onGround(brand.primary, ground);
  const accent = onGround(brand.secondary, ground);
  const onPrimary =
    contrastRatio(primary, '#ffffff') >= contrastRatio(primary, '#111827') ? '#ffffff' : '#111827';
  return {
    ...theme,
    // The bold style's canvas is a gradient of its own colours: in a brand, of the brand's.
    ...(theme.gradientCanvas
      ? { background: `linear-gradient(135deg, ${brand.primary} 0%, ${brand.secondary} 100%)` }
      : {}),
    primary,
    accent,
    onPrimary,
    factValue: primary,
    eyebrowText: theme.eyebrow === 'pill' ? primary : onGround(brand.primary, canvas),
    eyebrowBg: theme.eyebrow === 'pill' ? mix(brand.primary, '#ffffff', 0.85) : theme.eyebrowBg,
    motifColor: onGround(brand.primary, canvas),
    displayFont: brand.headingFont,
    displayWeight: WEIGHT[brand.headingFont] ?? theme.displayWeight,
    titleTracking: brand.headingFont === 'Inter' ? -0.02 : 0,
  };
}

/** The first `#rrggbb` of a CSS colour or gradient. */
function firstHex(css: string): string | undefined {
  return /#[0-9a-fA-F]{6}\b/.exec(css)?.[0];
}

/** `a` moved a share `t` of the way toward `b`. */
function mix(a: string, b: string, t: number): string {
  const ch = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * Math.min(1, t))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Whether a theme's canvas is dark (a logo drawn on it gets a light plate to sit on). */
export function darkCanvas(theme: Theme): boolean {
  const hex = firstHex(theme.background);
  return hex !== undefined && luminance(hex) < 0.3;
}
