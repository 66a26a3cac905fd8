import type { TextStyle } from './fit-text.ts';

/** The CSS of a text in a given size: shared by measurement and drawing so both agree. */
export function textCss(style: TextStyle, fontSize: number, lineHeightPx: number) {
  return {
    fontFamily: style.fontFamily,
    fontWeight: style.fontWeight,
    fontStyle: style.fontStyle ?? 'normal',
    fontSize,
    lineHeight: `${lineHeightPx}px`,
    letterSpacing: style.letterSpacing ? `${style.letterSpacing}em` : undefined,
    textTransform: style.textTransform ?? 'none',
    wordBreak: style.wordBreak,
  } as const;
}
