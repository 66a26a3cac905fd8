/** @jsxRuntime automatic @jsxImportSource react */
import type { ReactElement } from 'react';
import { Compare } from './compare-section.tsx';
import type { Block, Column, Composition, HeaderBlock } from './compose.ts';
import { decorations } from './decorations.tsx';
import { sides } from './direction.ts';
import { Facts } from './facts-section.tsx';
import { iconUrl } from './icons.ts';
import { List } from './list-section.tsx';
import { Quote, Tags } from './quote-section.tsx';
import { ShareQr } from './share-qr-view.tsx';
import { Text } from './text.tsx';
import { darkCanvas } from './theme.ts';

/**
 * One infographic, drawn from a composition. Every size here comes from the composition: texts
 * have the widths and sizes they were measured at, sections the heights they were planned with.
 */
export function Infographic({ c, fallbacks }: { c: Composition; fallbacks: string }): ReactElement {
  const { theme, metrics } = c;
  const { rtl, start } = sides(c);
  return (
    <div
      lang={c.request.data.language}
      dir={rtl ? 'rtl' : 'ltr'}
      style={{
        display: 'flex',
        position: 'relative',
        // Right-to-left scripts: rows, start alignment and text run from the right.
        direction: rtl ? 'rtl' : 'ltr',
        width: metrics.width,
        height: metrics.height,
        background: theme.background,
        color: theme.text,
        fontFamily: fallbacks ? `Inter, ${fallbacks}` : 'Inter',
      }}
    >
      {decorations(c)}
      {/* A brand's logo takes the corner the pattern would. */}
      {c.logo ? null : (
        <img
          src={c.motif.url}
          width={c.motif.width}
          height={c.motif.height}
          style={{
            position: 'absolute',
            [start]: c.motif.left,
            top: c.motif.top,
            width: c.motif.width,
            height: c.motif.height,
          }}
          alt=""
        />
      )}
      {c.columns.map((col) => (
        <ColumnView key={col.left} c={c} col={col} fallbacks={fallbacks} />
      ))}
      {c.footer ? (
        <div
          style={{
            display: 'flex',
            position: 'absolute',
            [start]: metrics.padX,
            bottom: metrics.padY,
            // Beside the QR code when there is one, level with its foot; a centred line stays
            // centred on the canvas (it was fitted narrow enough to clear the code).
            width:
              metrics.width -
              2 * metrics.padX -
              (c.qr && theme.align !== 'center' ? c.qr.width + Math.round(24 * metrics.u) : 0),
            justifyContent: theme.align === 'center' ? 'center' : 'flex-start',
          }}
        >
          <Text f={c.footer} color={theme.muted} fallbacks={fallbacks} align={theme.align} />
        </div>
      ) : null}
      {c.qr ? <ShareQr c={c} qr={c.qr} fallbacks={fallbacks} /> : null}
    </div>
  );
}

function ColumnView({ c, col, fallbacks }: { c: Composition; col: Column; fallbacks: string }) {
  const { metrics: m } = c;
  const u = m.u;
  const headerGap = col.header ? Math.round((m.format === 'portrait' ? 56 : 40) * u) : 0;
  const used = (col.header?.height ?? 0) + headerGap + col.blocks.reduce((a, b) => a + b.height, 0);
  const gaps = Math.max(0, col.blocks.length - 1);
  const leftover = col.height - used - gaps * m.gap;
  // Spread the spare room a little between sections; centre the rest.
  const extra = gaps ? Math.min(Math.round(56 * u), Math.floor(leftover / (gaps + 2))) : 0;
  const gap = m.gap + Math.max(0, extra);
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        position: 'absolute',
        [sides(c).start]: col.left,
        top: col.top,
        width: col.width,
        height: col.height,
      }}
    >
      {col.header ? <Header c={c} h={col.header} width={col.width} fallbacks={fallbacks} /> : null}
      <div
        style={{
          display: 'flex',
          flexDirection: 'column',
          flexGrow: 1,
          paddingTop: headerGap,
          justifyContent: col.header ? 'center' : 'center',
          gap,
        }}
      >
        {col.blocks.map((b) => (
          <BlockView key={b.kind} c={c} b={b} width={col.width} fallbacks={fallbacks} />
        ))}
      </div>
    </div>
  );
}

function Header({
  c,
  h,
  width,
  fallbacks,
}: {
  c: Composition;
  h: HeaderBlock;
  width: number;
  fallbacks: string;
}) {
  const { theme, metrics } = c;
  const u = metrics.u;
  const center = theme.align === 'center';
  const pill = theme.eyebrow === 'pill';
  const icon = Math.round(28 * u);
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: 'column',
        width,
        height: h.height,
        flexShrink: 0,
        alignItems: center ? 'center' : 'flex-start',
      }}
    >
      <div
        style={{
          display: 'flex',
          position: 'relative',
          width,
          height: h.eyebrowHeight,
          alignItems: 'center',
          justifyContent: center ? 'center' : 'flex-start',
        }}
      >
        <div
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: Math.round(12 * u),
            padding: pill ? `${Math.round(10 * u)}px ${Math.round(20 * u)}px` : 0,
            background: pill ? theme.eyebrowBg : 'transparent',
            borderRadius: 999,
          }}
        >
          <img
            src={iconUrl(h.eyebrowIcon, theme.eyebrowText, 2)}
            width={icon}
            height={icon}
            style={{ width: icon, height: icon }}
            alt=""
          />
          <Text
            f={{ ...h.eyebrow, width: h.eyebrow.inkWidth ?? h.eyebrow.width }}
            color={theme.eyebrowText}
            fallbacks={fallbacks}
          />
        </div>
        {c.logo ? <Logo c={c} logo={c.logo} rowHeight={h.eyebrowHeight} /> : null}
      </div>
      <div style={{ display: 'flex', height: Math.round(28 * u), flexShrink: 0 }} />
      <Text f={h.title} color={theme.text} fallbacks={fallbacks} align={theme.align} />
      {h.subtitle ? (
        <>
          <div style={{ display: 'flex', height: Math.round(22 * u), flexShrink: 0 }} />
          <Text f={h.subtitle} color={theme.muted} fallbacks={fallbacks} align={theme.align} />
        </>
      ) : null}
    </div>
  );
}

/** The brand's logo at the end of the eyebrow's row; on a dark canvas, on a light plate. */
function Logo({
  c,
  logo,
  rowHeight,
}: {
  c: Composition;
  logo: NonNullable<Composition['logo']>;
  rowHeight: number;
}) {
  const plate = darkCanvas(c.theme);
  const pad = plate ? Math.round(logo.height * 0.14) : 0;
  const w = logo.width - 2 * pad;
  const h = logo.height - 2 * pad;
  return (
    <div
      style={{
        display: 'flex',
        position: 'absolute',
        [sides(c).rtl ? 'left' : 'right']: 0,
        top: Math.round((rowHeight - logo.height) / 2),
        width: logo.width,
        height: logo.height,
        padding: pad,
        background: plate ? 'rgba(255,255,255,0.92)' : 'transparent',
        borderRadius: Math.round(logo.height * 0.22),
      }}
    >
      <img src={logo.url} width={w} height={h} style={{ width: w, height: h, objectFit: 'contain' }} alt="" />
    </div>
  );
}

function BlockView({
  c,
  b,
  width,
  fallbacks,
}: {
  c: Composition;
  b: Block;
  width: number;
  fallbacks: string;
}) {
  switch (b.kind) {
    case 'facts':
      return <Facts c={c} b={b} fallbacks={fallbacks} />;
    case 'quote':
      return <Quote c={c} b={b} width={width} fallbacks={fallbacks} />;
    case 'tags':
      return <Tags c={c} b={b} width={width} fallbacks={fallbacks} />;
    case 'compare':
      return <Compare c={c} b={b} width={width} fallbacks={fallbacks} />;
    case 'split':
      return (
        <div
          style={{ display: 'flex', width, height: b.height, justifyContent: 'space-between', flexShrink: 0 }}
        >
          <List c={c} b={b.left} width={b.leftWidth} height={b.height} fallbacks={fallbacks} />
          <List
            c={c}
            b={b.right}
            width={width - b.leftWidth - Math.round(32 * c.metrics.u)}
            height={b.height}
            fallbacks={fallbacks}
          />
        </div>
      );
    default:
      return <List c={c} b={b} width={width} height={b.height} fallbacks={fallbacks} />;
  }
}
