/** @jsxRuntime automatic @jsxImportSource react */

import type { CompareBlock, Composition } from './compose.ts';
import { contrastRatio } from './contrast.ts';
import { iconUrl } from './icons.ts';
import { cardStyle, Text } from './text.tsx';

/**
 * Two options side by side: each side's name over a rule in its colour, then the items in rows
 * level with each other, a line down the middle. For and against get a tick and a cross.
 */
export function Compare({
  c,
  b,
  width,
  fallbacks,
}: {
  c: Composition;
  b: CompareBlock;
  width: number;
  fallbacks: string;
}) {
  const { theme } = c;
  const u = c.metrics.u;
  const ink = theme.card ? theme.cardText : theme.text;
  const inner = width - 2 * c.cardPad;
  const gap = inner - 2 * b.sideWidth;
  // Each side in its own colour, as long as that colour reads on the card (a yellow on white does not).
  const ground = theme.card ?? theme.background;
  const readable = (color: string) =>
    !color.startsWith('#') || !ground.startsWith('#') || contrastRatio(color, ground) >= 3 ? color : ink;
  const colors = [
    readable(theme.primary),
    readable(theme.compareSecond === 'muted' || theme.accent === theme.primary ? theme.muted : theme.accent),
  ];
  const rule = Math.max(2, Math.round(5 * u));
  const labelH = Math.max(b.labels[0].height, b.labels[1].height);
  const Marker = ({ side, lineH }: { side: 0 | 1; lineH: number }) => {
    const size = Math.round(Math.min(b.markerWidth, lineH * 0.82));
    const icon = b.tone === 'pros' ? (side === 0 ? 'circle-check' : 'circle-x') : 'circle-dot';
    return (
      <div
        style={{
          display: 'flex',
          width: b.markerWidth,
          height: lineH,
          flexShrink: 0,
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <img
          src={iconUrl(icon, colors[side] as string, 2.2)}
          width={size}
          height={size}
          style={{ width: size, height: size }}
          alt=""
        />
      </div>
    );
  };
  const cell = (side: 0 | 1, i: number) => {
    const row = b.rows[i];
    const t = row ? (side === 0 ? row.left : row.right) : null;
    return (
      <div style={{ display: 'flex', width: b.sideWidth, gap: Math.round(14 * u), alignItems: 'flex-start' }}>
        {t ? (
          <>
            <Marker side={side} lineH={t.lineHeightPx} />
            <Text f={t} color={ink} fallbacks={fallbacks} />
          </>
        ) : null}
      </div>
    );
  };
  return (
    <div style={cardStyle(c, width, b.height)}>
      <div style={{ display: 'flex', width: inner, justifyContent: 'space-between', height: labelH }}>
        {b.labels.map((l, side) => (
          <div
            key={side === 0 ? 'left' : 'right'}
            style={{ display: 'flex', width: b.sideWidth, height: labelH, alignItems: 'flex-end' }}
          >
            <Text f={l} color={colors[side] as string} fallbacks={fallbacks} />
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', width: inner, justifyContent: 'space-between', flexShrink: 0 }}>
        {[0, 1].map((side) => (
          <div
            key={side}
            style={{
              display: 'flex',
              width: b.sideWidth,
              height: rule,
              marginTop: Math.round(6 * u),
              background: colors[side],
              borderRadius: 999,
            }}
          />
        ))}
      </div>
      <div style={{ display: 'flex', height: c.labelGap, flexShrink: 0 }} />
      <div
        style={{ display: 'flex', position: 'relative', flexDirection: 'column', gap: c.itemGap, color: ink }}
      >
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            left: b.sideWidth + Math.floor(gap / 2) - 1,
            top: 0,
            bottom: 0,
            width: Math.max(1, Math.round(2 * u)),
            background: theme.card ? theme.cardMuted : theme.muted,
            opacity: 0.3,
          }}
        />
        {b.rows.map((row, i) => (
          <div
            key={`${row.left?.text ?? ''}|${row.right?.text ?? ''}`}
            style={{ display: 'flex', width: inner, height: row.height, justifyContent: 'space-between' }}
          >
            {cell(0, i)}
            {cell(1, i)}
          </div>
        ))}
      </div>
    </div>
  );
}
