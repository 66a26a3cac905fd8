/** @jsxRuntime automatic @jsxImportSource react */
import type { CSSProperties } from 'react';
import type { FittedText } from '../text/fit-text.ts';
import { textCss } from '../text/text-css.ts';
import type { Composition } from './compose.ts';

/** A section's card, or a plain column on styles without cards. */
export function cardStyle(c: Composition, width: number, height: number): CSSProperties {
  const { theme } = c;
  const u = c.metrics.u;
  if (!theme.card) {
    return { display: 'flex', flexDirection: 'column', width, height, flexShrink: 0 };
  }
  return {
    display: 'flex',
    flexDirection: 'column',
    width,
    height,
    flexShrink: 0,
    padding: c.cardPad,
    background: theme.card,
    borderRadius: Math.round(theme.radius * u),
    border: theme.cardBorder ? `${Math.max(1, Math.round(2 * u))}px solid ${theme.cardBorder}` : undefined,
    boxShadow: theme.cardShadow ?? undefined,
  };
}

/** A fitted text: its measured width, size and line height, so it wraps as it was measured. */
export function Text({
  f,
  color,
  fallbacks,
  align = 'left',
}: {
  f: FittedText;
  color: string;
  fallbacks: string;
  align?: 'left' | 'center';
}) {
  const css = textCss(f.style, f.fontSize, f.lineHeightPx);
  return (
    <div
      style={{
        display: 'flex',
        ...css,
        fontFamily: fallbacks ? `${css.fontFamily}, ${fallbacks}` : css.fontFamily,
        width: f.width,
        height: f.height,
        flexShrink: 0,
        color,
        // `start`: the left in left-to-right text, the right in right-to-left text.
        textAlign: align === 'center' ? 'center' : 'start',
        justifyContent: align === 'center' ? 'center' : 'flex-start',
        whiteSpace: f.oneLine ? 'nowrap' : undefined,
      }}
    >
      {f.text}
    </div>
  );
}
