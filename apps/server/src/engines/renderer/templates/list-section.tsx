/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactNode } from 'react';
import type { Composition, ListBlock } from './compose.ts';
import { SECTION_ICON } from './icon-meaning.ts';
import { type IconName, iconUrl } from './icons.ts';
import { cardStyle, Text } from './text.tsx';
import { inkOf } from './theme.ts';

/** A list section: its label, then numbered steps, ticked points, dotted ingredients or action items. */
export function List({
  c,
  b,
  width,
  height,
  fallbacks,
}: {
  c: Composition;
  b: ListBlock;
  width: number;
  height: number;
  fallbacks: string;
}) {
  const { theme } = c;
  const u = c.metrics.u;
  const ink = theme.card ? theme.cardText : theme.text;
  const labelColor = theme.labelInk === 'primary' ? theme.primary : theme.eyebrowText;
  const inner = width - 2 * c.cardPad;
  const labelIcon = Math.round(b.label.lineHeightPx * 0.95);
  const rows: ReactNode[] = [];
  const colGap = Math.round((b.flowColumns ? 48 : 32) * u);
  const itemW = b.twoUp || b.flowColumns ? Math.floor((inner - colGap) / 2) : inner;
  const half = Math.ceil(b.items.length / 2);
  const cell = (i: number) => {
    const it = b.items[i];
    if (!it) return <div key={`empty${i}`} style={{ display: 'flex', width: itemW }} />;
    return <Item key={i} c={c} b={b} index={i} width={itemW} fallbacks={fallbacks} last={i === half - 1} />;
  };
  if (b.flowColumns) {
    const column = (from: number, to: number) => (
      <div
        key={`col${from}`}
        style={{ display: 'flex', flexDirection: 'column', gap: c.itemGap, width: itemW }}
      >
        {b.items.slice(from, to).map((_, k) => cell(from + k))}
      </div>
    );
    rows.push(
      <div key="columns" style={{ display: 'flex', justifyContent: 'space-between', width: inner }}>
        {column(0, half)}
        {column(half, b.items.length)}
      </div>,
    );
  } else if (b.twoUp) {
    for (let i = 0; i < b.items.length; i += 2) {
      rows.push(
        <div key={`row${i}`} style={{ display: 'flex', justifyContent: 'space-between', width: inner }}>
          {cell(i)}
          {cell(i + 1)}
        </div>,
      );
    }
  } else {
    b.items.forEach((_, i) => {
      rows.push(cell(i));
    });
  }
  return (
    <div style={cardStyle(c, width, height)}>
      <div style={{ display: 'flex', alignItems: 'center', gap: Math.round(10 * u), height: b.label.height }}>
        <img
          src={iconUrl(SECTION_ICON[b.kind], labelColor, 2.2)}
          width={labelIcon}
          height={labelIcon}
          style={{ width: labelIcon, height: labelIcon, flexShrink: 0 }}
          alt=""
        />
        <Text f={b.label} color={labelColor} fallbacks={fallbacks} />
      </div>
      <div style={{ display: 'flex', height: c.labelGap, flexShrink: 0 }} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: c.itemGap, color: ink }}>{rows}</div>
    </div>
  );
}

function Item({
  c,
  b,
  index,
  width,
  fallbacks,
  last = false,
}: {
  c: Composition;
  b: ListBlock;
  index: number;
  width: number;
  fallbacks: string;
  /** The last item of the first of two flow columns: its line does not run on down. */
  last?: boolean;
}) {
  const { theme } = c;
  const u = c.metrics.u;
  const it = b.items[index];
  if (!it) return null;
  const ink = theme.card ? theme.cardText : theme.text;
  const muted = theme.card ? theme.cardMuted : theme.muted;
  const lineH = it.text.lineHeightPx;
  const time = b.times ? (b.times[index] ?? null) : null;
  // A connector runs from below this item's marker down to the next item's, across the gap.
  const connector = b.connect && index < b.items.length - 1 && !(b.flowColumns && last);
  const lineW = Math.max(2, Math.round(3 * u));
  return (
    <div
      style={{ display: 'flex', width, height: it.height, gap: Math.round(18 * u), alignItems: 'flex-start' }}
    >
      <div
        style={{
          display: 'flex',
          position: 'relative',
          width: b.markerWidth,
          height: lineH,
          flexShrink: 0,
          alignItems: 'center',
          justifyContent: 'flex-start',
        }}
      >
        {connector ? (
          <div
            style={{
              display: 'flex',
              position: 'absolute',
              left: b.times ? Math.round(4 * u) : Math.round(lineH * 0.5 - lineW / 2),
              top: b.times ? lineH : Math.round(lineH * 0.92),
              width: lineW,
              height: it.height - (b.times ? lineH : Math.round(lineH * 0.92)) + c.itemGap,
              background: inkOf(theme, theme.markInk),
              opacity: 0.45,
            }}
          />
        ) : null}
        {b.times ? (
          time ? (
            <Text f={time} color={inkOf(theme, theme.markInk)} fallbacks={fallbacks} />
          ) : null
        ) : (
          <Marker
            c={c}
            kind={b.connect ? 'steps' : b.kind}
            disc={b.connect}
            index={index}
            icon={it.icon}
            size={b.markerWidth}
            lineH={lineH}
            fontSize={it.text.fontSize}
          />
        )}
      </div>
      {b.qtyWidth ? (
        <div
          style={{
            display: 'flex',
            width: b.qtyWidth,
            height: lineH,
            flexShrink: 0,
            justifyContent: 'flex-end',
            alignItems: 'center',
          }}
        >
          {it.qty ? (
            <Text
              f={{ ...it.qty, width: it.qty.inkWidth ?? it.qty.width }}
              color={inkOf(theme, theme.markInk)}
              fallbacks={fallbacks}
            />
          ) : null}
        </div>
      ) : null}
      <div style={{ display: 'flex', flexDirection: 'column', gap: Math.round(6 * u) }}>
        <Text f={it.text} color={ink} fallbacks={fallbacks} />
        {it.owner ? <Text f={it.owner} color={muted} fallbacks={fallbacks} /> : null}
      </div>
    </div>
  );
}

function Marker({
  c,
  kind,
  disc = false,
  index,
  icon: meaning,
  size,
  lineH,
  fontSize,
}: {
  c: Composition;
  kind: ListBlock['kind'];
  /** The item's icon by meaning, drawn instead of the plain tick. */
  icon?: IconName | undefined;
  /** A numbered disc whatever the style's own step mark (a connected flow). */
  disc?: boolean;
  index: number;
  size: number;
  lineH: number;
  fontSize: number;
}) {
  const { theme } = c;
  const u = c.metrics.u;
  if (kind === 'steps') {
    if (theme.stepMark === 'disc' || disc) {
      const d = Math.round(lineH * 1.0);
      return (
        <div
          style={{
            display: 'flex',
            width: d,
            height: d,
            borderRadius: 999,
            background: theme.discFadeTo
              ? `linear-gradient(135deg, ${theme.primary}, ${theme.discFadeTo})`
              : theme.primary,
            color: theme.onPrimary,
            alignItems: 'center',
            justifyContent: 'center',
            fontFamily: 'Inter',
            fontWeight: 800,
            fontSize: Math.round(fontSize * 0.78),
          }}
        >
          {String(index + 1)}
        </div>
      );
    }
    const padded = theme.numeral === 'padded';
    const italic = theme.numeral === 'dotted-italic';
    const numeral = padded ? String(index + 1).padStart(2, '0') : `${index + 1}.`;
    return (
      <div
        style={{
          display: 'flex',
          fontFamily: padded ? 'Inter' : theme.displayFont,
          fontWeight: italic ? 400 : 700,
          fontStyle: italic ? 'italic' : 'normal',
          fontSize: Math.round(fontSize * (padded ? 0.9 : 1.1)),
          lineHeight: `${lineH}px`,
          color: inkOf(theme, theme.markInk),
        }}
      >
        {numeral}
      </div>
    );
  }
  if (kind === 'ingredients') {
    const d = Math.max(4, Math.round(11 * u));
    return (
      <div
        style={{
          display: 'flex',
          width: d,
          height: d,
          borderRadius: theme.bullet === 'diamond' ? 0 : 999,
          background: theme.accent,
          transform: theme.bullet === 'diamond' ? 'rotate(45deg)' : undefined,
        }}
      />
    );
  }
  if (theme.itemMark === 'dash') {
    return (
      <div
        style={{
          display: 'flex',
          width: Math.round(size * 0.6),
          height: Math.max(2, Math.round(3 * u)),
          background: theme.accent,
        }}
      />
    );
  }
  const icon = Math.round(size * 0.92);
  const name =
    meaning ??
    (kind === 'actions'
      ? 'square-check'
      : c.request.audience === 'health_enthusiasts'
        ? 'leaf'
        : 'circle-check');
  const color = inkOf(theme, theme.itemIconInk);
  return (
    <img
      src={iconUrl(name, color, 2.2)}
      width={icon}
      height={icon}
      style={{ width: icon, height: icon }}
      alt=""
    />
  );
}
