/** @jsxRuntime automatic @jsxImportSource react */
import type { Composition, FactsBlock } from './compose.ts';
import { sides } from './direction.ts';
import { iconUrl } from './icons.ts';
import { Text } from './text.tsx';
import { inkOf } from './theme.ts';

/** A percentage drawn as the filled part of a track, under its figure. */
function ShareBar({ c, share, width }: { c: Composition; share: number; width: number }) {
  const u = c.metrics.u;
  const h = Math.round(12 * u);
  const track = c.theme.card ? c.theme.cardMuted : c.theme.muted;
  return (
    <>
      <div style={{ display: 'flex', height: Math.round(10 * u), flexShrink: 0 }} />
      <div
        style={{
          display: 'flex',
          width,
          height: h,
          flexShrink: 0,
          borderRadius: 999,
          background: `${track}33`,
          justifyContent: 'flex-start',
        }}
      >
        <div
          style={{
            display: 'flex',
            width: Math.max(h, Math.round(width * share)),
            height: h,
            borderRadius: 999,
            background: inkOf(c.theme, c.theme.iconInk),
          }}
        />
      </div>
    </>
  );
}

/** The figures, drawn large, each with its icon and label. */
export function Facts({ c, b, fallbacks }: { c: Composition; b: FactsBlock; fallbacks: string }) {
  const { theme } = c;
  const { Start } = sides(c);
  const u = c.metrics.u;
  const card = Boolean(theme.card);
  const pad = card ? Math.round(26 * u) : Math.round(8 * u);
  const icon = Math.round(30 * u);
  const gap = Math.round(16 * u);
  return (
    <div
      style={{
        display: 'flex',
        gap,
        height: b.height,
        flexShrink: 0,
        justifyContent: theme.align === 'center' ? 'center' : 'flex-start',
      }}
    >
      {b.facts.map((f, i) => (
        <div
          key={`${f.value.text}/${f.label?.text ?? ''}`}
          style={{
            display: 'flex',
            flexDirection: 'column',
            width: b.cardWidth,
            height: b.height,
            padding: pad,
            background: card ? (theme.card ?? undefined) : 'transparent',
            borderRadius: card ? Math.round(theme.radius * 0.8 * u) : 0,
            border:
              card && theme.cardBorder
                ? `${Math.max(1, Math.round(2 * u))}px solid ${theme.cardBorder}`
                : undefined,
            [`border${Start}`]:
              !card && i > 0 ? `${Math.max(1, Math.round(2 * u))}px solid ${theme.rule}` : undefined,
            [`padding${Start}`]: !card && i > 0 ? Math.round(22 * u) : pad,
            boxShadow: card ? (theme.cardShadow ?? undefined) : undefined,
            alignItems: theme.align === 'center' && !card ? 'center' : 'flex-start',
          }}
        >
          <img
            src={iconUrl(f.icon, inkOf(theme, theme.iconInk), 2)}
            width={icon}
            height={icon}
            style={{ width: icon, height: icon }}
            alt=""
          />
          <div style={{ display: 'flex', height: Math.round(14 * u), flexShrink: 0 }} />
          <Text
            f={{ ...f.value, width: b.cardWidth - 2 * pad }}
            color={theme.factValue}
            fallbacks={fallbacks}
            align={theme.align === 'center' && !card ? 'center' : 'left'}
          />
          {f.label ? (
            <>
              <div style={{ display: 'flex', height: Math.round(8 * u), flexShrink: 0 }} />
              <Text
                f={f.label}
                color={card ? theme.cardMuted : theme.muted}
                fallbacks={fallbacks}
                align={theme.align === 'center' && !card ? 'center' : 'left'}
              />
            </>
          ) : null}
          {b.shares ? <ShareBar c={c} share={b.shares[i] ?? 0} width={b.cardWidth - 2 * pad} /> : null}
        </div>
      ))}
    </div>
  );
}
