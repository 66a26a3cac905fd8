/** @jsxRuntime automatic @jsxImportSource react */
import type { Composition, QuoteBlock, TagsBlock } from './compose.ts';
import { sides } from './direction.ts';
import { iconUrl } from './icons.ts';
import { Text } from './text.tsx';
import { inkOf } from './theme.ts';

/** The speaker's quote with the time it was said. */
export function Quote({
  c,
  b,
  width,
  fallbacks,
}: {
  c: Composition;
  b: QuoteBlock;
  width: number;
  fallbacks: string;
}) {
  const { theme } = c;
  const { Start } = sides(c);
  const u = c.metrics.u;
  const boxed = Boolean(theme.quoteBg);
  const pad = boxed ? Math.round(34 * u) : 0;
  const bar = theme.quoteRule ? Math.round(28 * u) : 0;
  const center = theme.align === 'center' && !boxed;
  const mark = Math.round(40 * u);
  const captionColor = boxed ? theme.quoteText : inkOf(theme, theme.iconInk);
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width,
        height: b.height,
        flexShrink: 0,
        padding: pad,
        [`padding${Start}`]: pad + bar,
        background: theme.quoteBg ?? 'transparent',
        borderRadius: boxed ? Math.round(theme.radius * u) : 0,
        [`border${Start}`]: bar ? `${Math.max(2, Math.round(4 * u))}px solid ${theme.accent}` : undefined,
        alignItems: center ? 'center' : 'flex-start',
      }}
    >
      {boxed ? (
        <>
          <img
            src={iconUrl('quote', inkOf(theme, theme.quoteMarkInk), 2.4)}
            width={mark}
            height={mark}
            style={{ width: mark, height: mark }}
            alt=""
          />
          <div style={{ display: 'flex', height: Math.round(12 * u), flexShrink: 0 }} />
        </>
      ) : null}
      <Text f={b.text} color={theme.quoteText} fallbacks={fallbacks} align={center ? 'center' : 'left'} />
      {b.caption ? (
        <>
          <div style={{ display: 'flex', height: Math.round(16 * u), flexShrink: 0 }} />
          <div style={{ display: 'flex', alignItems: 'center', gap: Math.round(10 * u) }}>
            <img
              src={iconUrl('microphone', captionColor, 2)}
              width={Math.round(b.caption.lineHeightPx * 0.8)}
              height={Math.round(b.caption.lineHeightPx * 0.8)}
              style={{
                width: Math.round(b.caption.lineHeightPx * 0.8),
                height: Math.round(b.caption.lineHeightPx * 0.8),
              }}
              alt=""
            />
            <Text
              f={{ ...b.caption, width: b.caption.inkWidth ?? b.caption.width }}
              color={captionColor}
              fallbacks={fallbacks}
              align={center ? 'center' : 'left'}
            />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The hashtags, as many as fit on one line. */
export function Tags({
  c,
  b,
  width,
  fallbacks,
}: {
  c: Composition;
  b: TagsBlock;
  width: number;
  fallbacks: string;
}) {
  const { theme } = c;
  return (
    <div
      style={{
        display: 'flex',
        width,
        height: b.height,
        justifyContent: theme.align === 'center' ? 'center' : 'flex-start',
        flexShrink: 0,
      }}
    >
      <Text f={b.text} color={theme.tagColor ?? theme.primary} fallbacks={fallbacks} align={theme.align} />
    </div>
  );
}
